/** `mealplan parse-ingredients`: implemented by its own piece of work. */
export async function parseIngredientsCommand(_args: string[]): Promise<number> {
  process.stderr.write('mealplan parse-ingredients: not available yet\n');
  return 1;
}
