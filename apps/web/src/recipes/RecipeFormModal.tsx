import {
  MEAL_TYPES,
  categoriesOf,
  importedCategory,
  ingredientsFromText,
  mealTypeOfCategories,
  recipeActions,
  type MealType,
  type Recipe,
  type RecipeChanges,
} from '@mealplan/core';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormAlert } from '../auth';
import { useCurrentUser } from '../account';
import { useDispatch, useDocument } from '../data';
import { browserEnv } from '../plan';
import { useToast } from '../ui';
import { toastRecipeName } from '../shell';
import { Modal } from '../ui';
import { CategoriesDialog } from './CategoriesDialog';
import { FormField } from './FormField';
import { ImportRecipe, type ImportedRecipe } from './ImportRecipe';
import { RecipePhotoField } from './RecipePhotoField';
import { MEAL_TYPE_LABELS } from './labels';
import { ingredientsText } from './recipe-format';
import { fitsRecipeLimit, ingredientsError, recipeFieldError, recipeLimitMessage } from './recipe-limits';

/** The form's values, all text as the inputs hold them. */
export interface RecipeFormValues {
  name: string;
  mealType: MealType;
  categoryId: string;
  servings: string;
  prepTime: string;
  cookTime: string;
  /** Blank: prep plus cook. */
  totalTime: string;
  description: string;
  ingredients: string;
  instructions: string;
  notes: string;
  url: string;
  /** The photo's id, '' for none (docs/DOCUMENTS.md "Photos"). */
  photoId: string;
}

export const REQUIRED = 'Required';
export const NOT_A_NUMBER = 'Must be a whole number';

const numeric = { pattern: { value: /^\s*\d*\s*$/, message: NOT_A_NUMBER } };
/** A whole-number field that must also fit the recipe schema (minutes, servings). */
const wholeNumber = (field: 'servings' | 'prepTime' | 'cookTime' | 'time') => ({
  ...numeric,
  validate: (v: string) => recipeFieldError(field, v.trim() === '' ? undefined : Number(v)),
});
/** A text field the recipe schema limits, measured as it is stored (trimmed). */
const limitedText = (field: 'url' | 'description' | 'instructions' | 'notes') => ({
  validate: (v: string) => recipeFieldError(field, v.trim()),
});
const toNumber = (text: string): number | undefined => (text.trim() ? Number(text) : undefined);
const toText = (text: string): string | undefined => text.trim() || undefined;

/** Prep plus cook, when either is known: what the total is when none is given. */
function partsTotal(prep: number | undefined, cook: number | undefined): number | undefined {
  return prep === undefined && cook === undefined ? undefined : (prep ?? 0) + (cook ?? 0);
}

/** The recipe's total time when it is its own (typed, or from the imported page), not prep plus cook. */
function ownTotal(recipe: Recipe | undefined): number | undefined {
  if (recipe?.time === undefined) return undefined;
  return recipe.time === partsTotal(recipe.prepTime, recipe.cookTime) ? undefined : recipe.time;
}

function initialValues(recipe: Recipe | undefined): RecipeFormValues {
  return {
    name: recipe?.name ?? '',
    mealType: recipe?.mealType ?? 'dinner',
    categoryId: recipe?.categoryId ?? '',
    servings: String(recipe?.servings ?? (recipe ? '' : 4)),
    prepTime: recipe?.prepTime === undefined ? '' : String(recipe.prepTime),
    cookTime: recipe?.cookTime === undefined ? '' : String(recipe.cookTime),
    totalTime: ownTotal(recipe) === undefined ? '' : String(ownTotal(recipe)),
    description: recipe?.description ?? '',
    ingredients: ingredientsText(recipe?.ingredients ?? []),
    instructions: recipe?.instructions ?? '',
    notes: recipe?.notes ?? '',
    url: recipe?.url ?? '',
    photoId: recipe?.photoId ?? '',
  };
}

/**
 * A ref that also marks the element `autofocus`, so the native dialog puts the cursor there when it
 * opens (React's autoFocus focuses before the dialog is shown, which then moves focus away).
 */
export function focusFirst(ref: (element: HTMLElement | null) => void) {
  return (element: HTMLElement | null) => {
    ref(element);
    element?.setAttribute('autofocus', '');
  };
}

/**
 * The changes a saved form makes to `recipe`, as core's UPDATE expects them: cleared fields are
 * `null`; the ingredients are parsed again only when their text was edited, so an unchanged list
 * keeps exactly what it had.
 */
export function formChanges(values: RecipeFormValues, recipe: Recipe): RecipeChanges {
  const changes: RecipeChanges = {
    name: values.name.trim(),
    mealType: values.mealType,
    categoryId: values.categoryId || null,
    servings: toNumber(values.servings) ?? null,
    prepTime: toNumber(values.prepTime) ?? null,
    cookTime: toNumber(values.cookTime) ?? null,
    time: toNumber(values.totalTime) ?? null,
    description: toText(values.description) ?? null,
    instructions: toText(values.instructions) ?? null,
    notes: toText(values.notes) ?? null,
    url: toText(values.url) ?? null,
    photoId: values.photoId || null,
  };
  if (values.ingredients !== ingredientsText(recipe.ingredients)) {
    changes.ingredients = ingredientsFromText(values.ingredients);
  }
  return changes;
}

/**
 * The Edit Recipe and New Recipe modals (docs/BEHAVIOUR.md §2): Name (required), Meal type, Category, Servings,
 * Prep and Cook Time (minutes), Ingredients (parsed by core), Instructions, Notes and Source; Save,
 * Categories and, when editing, Delete. A new recipe from the Cookbook tab starts in the cookbook.
 */
export function RecipeFormModal({
  recipeId,
  inCookbook = false,
  startWith,
  onClose,
}: {
  recipeId?: string;
  inCookbook?: boolean;
  /** 'import': a new recipe opened to be imported from a link, with the link field focused. */
  startWith?: 'import';
  onClose: () => void;
}) {
  const { doc } = useDocument('recipes');
  const { user } = useCurrentUser();
  const dispatch = useDispatch();
  const toast = useToast();
  const formId = useId();
  const recipe = recipeId ? doc.recipes[recipeId] : undefined;
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    setError,
    // dirtyFields.mealType: the user picked the meal type, which an import then keeps.
    formState: { errors, dirtyFields },
  } = useForm<RecipeFormValues>({ defaultValues: initialValues(recipe) });
  const mealType = useWatch({ control, name: 'mealType' });
  const categoryId = useWatch({ control, name: 'categoryId' });
  const photoId = useWatch({ control, name: 'photoId' });
  const nameField = register('name', {
    validate: (v) => (v.trim() !== '' ? recipeFieldError('name', v.trim()) : REQUIRED),
  });
  const categories = categoriesOf(doc, mealType);

  const save = handleSubmit((values) => {
    // Refused here, with the reason, rather than queued and refused by the server.
    if (!recipe && !fitsRecipeLimit(doc, user)) {
      setError('root', { message: recipeLimitMessage(user) });
      toast.show('Unable to add recipe');
      return;
    }
    try {
      if (recipe) {
        dispatch({
          kind: 'recipes',
          action: recipeActions.update(recipe.id, formChanges(values, recipe), browserEnv),
        });
        toast.show('Recipe updated');
      } else {
        const fields = {
          name: values.name.trim(),
          mealType: values.mealType,
          inCookbook,
          categoryId: values.categoryId || undefined,
          servings: toNumber(values.servings),
          prepTime: toNumber(values.prepTime),
          cookTime: toNumber(values.cookTime),
          time: toNumber(values.totalTime),
          description: toText(values.description),
          ingredients: ingredientsFromText(values.ingredients),
          instructions: toText(values.instructions),
          notes: toText(values.notes),
          url: toText(values.url),
          photoId: values.photoId || undefined,
        };
        dispatch({ kind: 'recipes', action: recipeActions.add(fields, browserEnv) });
        toast.show('Recipe added');
      }
      onClose();
    } catch {
      toast.show(recipe ? 'Unable to update recipe' : 'Unable to add recipe');
    }
  });

  /** Fills the form with an imported recipe for review; fields the page did not give stay as they are. */
  const fillFromImport = (imported: ImportedRecipe) => {
    const set = (field: keyof RecipeFormValues, value: string | null) => {
      if (value) setValue(field, value, { shouldDirty: true, shouldValidate: field === 'name' });
    };
    set('name', imported.name);
    set('servings', imported.servings === null ? null : String(Math.max(1, Math.round(imported.servings))));
    set('prepTime', imported.prepTime === null ? null : String(Math.round(imported.prepTime)));
    set('cookTime', imported.cookTime === null ? null : String(Math.round(imported.cookTime)));
    // The page's own total ('290 min' for a bake with long waits); a total that is only prep plus
    // cook stays blank, so it follows them when they are edited.
    const total = imported.totalTime === null ? null : Math.round(imported.totalTime);
    const parts = partsTotal(
      imported.prepTime === null ? undefined : Math.round(imported.prepTime),
      imported.cookTime === null ? undefined : Math.round(imported.cookTime),
    );
    set('totalTime', total === null || total === parts ? null : String(total));
    set('ingredients', imported.ingredients.join('\n'));
    set('instructions', imported.instructions);
    set('url', imported.url);
    set('photoId', imported.photoId ?? null);
    // The meal type the page names ('Dessert'), unless one was chosen; then the account's category
    // whose keyword is in the name or the page's categories, unless one was chosen (docs/BEHAVIOUR.md).
    const pageMealType = mealTypeOfCategories(imported.categories);
    if (pageMealType && !dirtyFields.mealType && !getValues('categoryId')) {
      setValue('mealType', pageMealType);
    }
    if (!getValues('categoryId'))
      set('categoryId', importedCategory(doc, imported, getValues('mealType')) ?? null);
  };

  const remove = () => {
    if (!recipe) return;
    dispatch({ kind: 'recipes', action: recipeActions.remove(recipe.id) });
    toast.show(`Deleted "${toastRecipeName(recipe.name)}"`);
    onClose();
  };

  const footer = confirmDelete ? (
    <>
      <span className="footer-question">Delete this recipe?</span>
      <button type="button" className="button" onClick={() => setConfirmDelete(false)}>
        Keep it
      </button>
      <button type="button" className="button danger" onClick={remove}>
        Delete
      </button>
    </>
  ) : (
    <>
      {recipe && (
        <button type="button" className="button ghost danger-text" onClick={() => setConfirmDelete(true)}>
          Delete
        </button>
      )}
      <span className="footer-spacer" />
      <button type="button" className="button" onClick={() => setCategoriesOpen(true)}>
        Categories
      </button>
      <button type="submit" form={formId} className="button primary" disabled={uploading}>
        {uploading ? 'Uploading…' : 'Save'}
      </button>
    </>
  );

  return (
    <Modal
      open
      onClose={onClose}
      title={recipe ? 'Edit Recipe' : 'New Recipe'}
      footer={footer}
      className="recipe-form-modal"
    >
      {!recipe && <ImportRecipe onImport={fillFromImport} autoFocus={startWith === 'import'} />}
      <form id={formId} className="form recipe-form" onSubmit={save} noValidate>
        {errors.root?.message && <FormAlert>{errors.root.message}</FormAlert>}
        <FormField label="Name" error={errors.name?.message}>
          <input autoComplete="off" {...nameField} ref={focusFirst(nameField.ref)} />
        </FormField>
        <FormField label="Description" error={errors.description?.message}>
          <textarea
            rows={2}
            placeholder="A line or two: what it is, why it is good"
            {...register('description', limitedText('description'))}
          />
        </FormField>
        <RecipePhotoField
          photoId={photoId}
          onChange={(id) => setValue('photoId', id, { shouldDirty: true })}
          onBusy={setUploading}
        />
        <div className="field-row">
          <FormField label="Meal type">
            <select
              {...register('mealType', {
                onChange: () => {
                  const current = getValues('categoryId');
                  if (current && doc.categories[current]?.mealType !== getValues('mealType')) {
                    setValue('categoryId', '');
                  }
                },
              })}
            >
              {MEAL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {MEAL_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Category">
            {/* Controlled: a category set with its meal type (an import) shows once its option does. */}
            <select {...register('categoryId')} value={categoryId}>
              <option value="">None</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <div className="field-row field-row--4">
          <FormField label="Servings" hint="people" error={errors.servings?.message}>
            <input inputMode="numeric" {...register('servings', wholeNumber('servings'))} />
          </FormField>
          <FormField label="Prep Time" hint="minutes" error={errors.prepTime?.message}>
            <input inputMode="numeric" {...register('prepTime', wholeNumber('prepTime'))} />
          </FormField>
          <FormField label="Cook Time" hint="minutes" error={errors.cookTime?.message}>
            <input inputMode="numeric" {...register('cookTime', wholeNumber('cookTime'))} />
          </FormField>
          <FormField label="Total Time" hint="blank: prep + cook" error={errors.totalTime?.message}>
            <input inputMode="numeric" {...register('totalTime', wholeNumber('time'))} />
          </FormField>
        </div>
        <FormField
          label="Ingredients"
          hint="One per line, like '2 cups flour'. End a line with ':' for a heading."
          error={errors.ingredients?.message}
        >
          <textarea
            rows={7}
            {...register('ingredients', { validate: (v) => ingredientsError(ingredientsFromText(v)) })}
          />
        </FormField>
        <FormField label="Instructions" error={errors.instructions?.message}>
          <textarea rows={6} {...register('instructions', limitedText('instructions'))} />
        </FormField>
        <FormField label="Notes" error={errors.notes?.message}>
          <textarea
            rows={3}
            placeholder="Swaps, what the family thought, what to try next time"
            {...register('notes', limitedText('notes'))}
          />
        </FormField>
        <FormField label="Source" error={errors.url?.message}>
          <input type="text" inputMode="url" autoComplete="off" {...register('url', limitedText('url'))} />
        </FormField>
      </form>
      {categoriesOpen && (
        <CategoriesDialog initialMealType={mealType} onClose={() => setCategoriesOpen(false)} />
      )}
    </Modal>
  );
}
