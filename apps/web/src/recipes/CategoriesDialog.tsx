import {
  CATEGORY_NAME_MAX_LENGTH,
  CATEGORY_NAME_TOO_LONG,
  LAST_CATEGORY_ERROR,
  MEAL_TYPES,
  canRemoveCategory,
  categoriesOf,
  categoryActions,
  findCategoryByName,
  recipeActions,
  type MealType,
} from '@mealplan/core';
import { useState, type FormEvent } from 'react';
import { useDispatch, useDocument, useReadDocument } from '../data';
import { browserEnv } from '../plan';
import { DeleteIcon } from '../plan';
import { useToast } from '../ui';
import { ConfirmDialog, Modal } from '../ui';
import { FormField } from './FormField';
import { MEAL_TYPE_LABELS } from './labels';

/** Why a new category name is refused, or undefined when it is fine. */
export function categoryNameError(name: string, taken: boolean): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Required';
  if (trimmed.length > CATEGORY_NAME_MAX_LENGTH) return CATEGORY_NAME_TOO_LONG;
  if (taken) return 'That category already exists';
  return undefined;
}

/**
 * 'Categories' from the recipe form: the categories of a meal type, each removable except the
 * last one of its meal type ('Cannot remove the last category'), and a field to add one
 * (at most 14 characters).
 */
export function CategoriesDialog({
  initialMealType,
  onClose,
}: {
  initialMealType: MealType;
  onClose: () => void;
}) {
  const { doc } = useDocument('recipes');
  const readRecipes = useReadDocument('recipes');
  const dispatch = useDispatch();
  const toast = useToast();
  const [mealType, setMealType] = useState<MealType>(initialMealType);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [removeError, setRemoveError] = useState<string | undefined>();
  // Deleting asks first (docs/BEHAVIOUR.md "Recipe form"): it also takes the category off its recipes.
  const [confirming, setConfirming] = useState<{ id: string; name: string } | undefined>();
  const categories = categoriesOf(doc, mealType);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const error = categoryNameError(name, !!findCategoryByName(doc, name, mealType));
    setNameError(error);
    if (error) return;
    dispatch({ kind: 'recipes', action: categoryActions.add({ name: name.trim(), mealType }, browserEnv) });
    toast.show(`Category "${name.trim()}" added`);
    setName('');
  };
  const askToRemove = (id: string, categoryName: string) => {
    if (!canRemoveCategory(doc, id)) {
      setRemoveError(LAST_CATEGORY_ERROR);
      return;
    }
    setRemoveError(undefined);
    setConfirming({ id, name: categoryName });
  };
  const inUse = confirming
    ? Object.values(doc.recipes).filter((recipe) => recipe.categoryId === confirming.id).length
    : 0;
  const remove = (id: string, categoryName: string) => {
    setConfirming(undefined);
    const category = doc.categories[id];
    if (!category || !canRemoveCategory(doc, id)) return;
    const recipeIds = Object.values(doc.recipes)
      .filter((recipe) => recipe.categoryId === id)
      .map((recipe) => recipe.id);
    dispatch({ kind: 'recipes', action: categoryActions.remove(id) });
    // Undo brings the category back under its id and gives it back to the recipes that had it,
    // unless one was given another category meanwhile (docs/BEHAVIOUR.md "Recipe form").
    toast.show(`Category "${categoryName}" removed`, {
      label: 'Undo',
      onClick: () => {
        const now = readRecipes();
        dispatch(
          { kind: 'recipes', action: { type: 'ADD_CATEGORY', category } },
          ...recipeIds
            .filter((recipeId) => now.recipes[recipeId] && !now.recipes[recipeId].categoryId)
            .map((recipeId) => ({
              kind: 'recipes' as const,
              action: recipeActions.update(recipeId, { categoryId: id }, browserEnv),
            })),
        );
      },
    });
  };

  return (
    <Modal open onClose={onClose} title="Categories" className="categories-modal">
      <div className="form">
        <FormField label="Meal type">
          <select
            value={mealType}
            onChange={(event) => {
              setMealType(event.target.value as MealType);
              setRemoveError(undefined);
            }}
          >
            {MEAL_TYPES.map((type) => (
              <option key={type} value={type}>
                {MEAL_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </FormField>
        <ul className="category-list" aria-label={`${MEAL_TYPE_LABELS[mealType]} categories`}>
          {categories.map((category) => (
            <li key={category.id}>
              <span>{category.name}</span>
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${category.name}`}
                onClick={() => askToRemove(category.id, category.name)}
              >
                <DeleteIcon width={20} height={20} />
              </button>
            </li>
          ))}
        </ul>
        {removeError && (
          <p className="form-error" role="alert">
            {removeError}
          </p>
        )}
        <form className="category-add" onSubmit={add} noValidate>
          <FormField label="New category" error={nameError}>
            <input value={name} autoComplete="off" onChange={(event) => setName(event.target.value)} />
          </FormField>
          <button type="submit" className="button">
            Add
          </button>
        </form>
      </div>
      {confirming && (
        <ConfirmDialog
          open
          title={`Delete category "${confirming.name}"?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => remove(confirming.id, confirming.name)}
          onClose={() => setConfirming(undefined)}
        >
          <p>
            {inUse === 0
              ? 'No recipe is in it.'
              : `${inUse === 1 ? '1 recipe is' : `${inUse} recipes are`} in it and will have no category.`}
          </p>
        </ConfirmDialog>
      )}
    </Modal>
  );
}
