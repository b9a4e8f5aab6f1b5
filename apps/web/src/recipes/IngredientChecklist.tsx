import { isHeading, isIngredientOnList, type GroceriesDocument, type Ingredient } from '@mealplan/core';
import { useId } from 'react';
import { ingredientLine } from './recipe-format';

/**
 * A recipe's ingredients with a checkbox each: ticked means the ingredient is on the grocery list
 * for this recipe (docs/BEHAVIOUR.md §2). Headings (lines ending with ':') have no checkbox. `onToggle` is left
 * out for another user's recipe, which disables the boxes.
 */
export function IngredientChecklist({
  ingredients,
  recipeId,
  groceries,
  storeId,
  lines,
  onToggle,
}: {
  ingredients: readonly Ingredient[];
  /** What each line says, when not as typed (other servings: core's ingredientLinesForServings). */
  lines?: readonly string[];
  recipeId: string;
  groceries: GroceriesDocument | undefined;
  storeId: string | undefined;
  onToggle?: (ingredient: Ingredient, onList: boolean) => void;
}) {
  const baseId = useId();
  return (
    <ul className="ingredients">
      {ingredients.map((ingredient, index) => {
        const key = `${index}-${ingredient.name}`;
        if (isHeading(ingredient)) {
          return (
            <li key={key} className="ingredient-heading">
              {ingredient.name}
            </li>
          );
        }
        const id = `${baseId}-${index}`;
        const onList =
          !!groceries &&
          !!ingredient.name &&
          isIngredientOnList(groceries, storeId, ingredient.name, recipeId);
        return (
          <li key={key} className="ingredient">
            <input
              id={id}
              type="checkbox"
              checked={onList}
              disabled={!onToggle || !ingredient.name}
              onChange={() => onToggle?.(ingredient, onList)}
            />
            <label htmlFor={id}>{lines?.[index] ?? ingredientLine(ingredient)}</label>
          </li>
        );
      })}
    </ul>
  );
}
