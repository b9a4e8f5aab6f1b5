/** `mealplan extract-recipe`: implemented by its own piece of work. */
export async function extractRecipeCommand(_args: string[]): Promise<number> {
  process.stderr.write('mealplan extract-recipe: not available yet\n');
  return 1;
}
