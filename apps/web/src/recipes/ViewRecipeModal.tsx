import {
  CONFETTI_MS,
  groceryActions,
  importActions,
  convertLine,
  convertTemperatures,
  groceryAmountsOf,
  ingredientLinesForServings,
  isInCookbook,
  madeFacts,
  planOnFirstEmptyDay,
  stepServings,
  recipeActions,
  toDayId,
  type DocumentAction,
  type Ingredient,
  type Recipe,
  type RecipesAction,
  type RecipesDocument,
} from '@mealplan/core';
import { useState, type ReactNode } from 'react';
import { photoApi, photoUrl } from '../api';
import { useOtherUserDocument } from '../data';
import { fitsRecipeLimit, recipeLimitMessage } from '../account';
import { useCurrentUser } from '../account';
import { useDispatch, useDocument } from '../data';
import { readActiveStoreId } from '../groceries';
import { browserEnv, longDate } from '../plan';
import { usePlanModals } from '../plan';
import { useToast } from '../ui';
import { toastRecipeName } from '../shell';
import { fireConfetti } from '../ui';
import { Modal } from '../ui';
import { CookMode } from './CookMode';
import { IngredientChecklist } from './IngredientChecklist';
import { MEAL_TYPE_LABELS } from './labels';
import { rateOutcome, ratingCaption } from './RatingModal';
import { lastMadeText, madeText, minutesText, sourceOf } from './recipe-format';
import { ServingsStepper } from './ServingsStepper';
import { StarsDisplay, StarsInput } from './Stars';
import { UNIT_LABELS, useUnitSystem } from './unit-preference';

/** Hints of the footer buttons that place a recipe on the agenda (docs/BEHAVIOUR.md §2). */
export const AGENDA_HINT = 'Add to first upcoming unplanned day';
export const OTHER_AGENDA_HINT = 'Add to next empty day';

const recipes = (action: RecipesAction): DocumentAction => ({ kind: 'recipes', action });

/**
 * The recipe view (docs/BEHAVIOUR.md §2). `userId` set means another user's recipe: read-only, with 'Add to my
 * Test Kitchen' and 'Add to my Agenda' instead of the owner's Delete / Agenda / Cookbook / Edit.
 */
export function ViewRecipeModal({
  recipeId,
  userId,
  onClose,
}: {
  recipeId: string;
  userId?: string;
  onClose: () => void;
}) {
  return userId ? (
    <OtherUsersRecipe recipeId={recipeId} userId={userId} onClose={onClose} />
  ) : (
    <OwnRecipe recipeId={recipeId} onClose={onClose} />
  );
}

function OwnRecipe({ recipeId, onClose }: { recipeId: string; onClose: () => void }) {
  const { doc } = useDocument('recipes');
  const { doc: agenda } = useDocument('agenda');
  const { doc: groceries } = useDocument('groceries');
  const dispatch = useDispatch();
  const toast = useToast();
  const modals = usePlanModals();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [servings, setServings] = useState<number | undefined>(undefined);
  const [units] = useUnitSystem();
  const recipe = doc.recipes[recipeId];
  if (!recipe || recipe.isDeleted) return <GoneModal onClose={onClose} />;
  const name = toastRecipeName(recipe.name);

  // Servings chosen here are a view of the recipe, worked out from what was typed; the stored recipe
  // is not rewritten by looking at it (docs/DOCUMENTS.md "Servings are a view").
  const shownServings = recipe.servings === undefined ? undefined : (servings ?? recipe.servings);

  const lines = ingredientLinesForServings(recipe, shownServings).map((line) => convertLine(line, units));
  const rate = (value: number) => {
    const outcome = rateOutcome(recipe, value);
    dispatch(recipes(recipeActions.setRating(recipe.id, outcome.rating)));
    if (outcome.toCookbook) toast.show(`Added "${name}" to your cookbook`);
    if (outcome.confetti) void fireConfetti(CONFETTI_MS);
  };
  /** A ticked ingredient goes on the list with its amount at the servings shown (docs/BEHAVIOUR.md "Grocery items"). */
  const toggleIngredient = (ingredient: Ingredient, onList: boolean) => {
    const storeId = readActiveStoreId();
    const factor = recipe.servings && shownServings ? shownServings / recipe.servings : 1;
    dispatch({
      kind: 'groceries',
      action: onList
        ? groceryActions.removeRecipeIngredient(ingredient.name, recipe.id, browserEnv)
        : groceryActions.addRecipeIngredient(
            storeId,
            ingredient.name,
            recipe.id,
            browserEnv,
            groceryAmountsOf(ingredient, factor),
          ),
    });
  };
  const toAgenda = () => {
    dispatch(...planOnFirstEmptyDay(agenda, recipe, browserEnv).actions);
    toast.show(`Added "${name}" to your agenda`);
  };
  const toCookbook = () => {
    dispatch(recipes(recipeActions.moveToCookbook(recipe.id)));
    toast.show(`Added "${name}" to your cookbook`);
  };
  const remove = () => {
    dispatch(recipes(recipeActions.remove(recipe.id)));
    toast.show(`Deleted "${name}"`);
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
      <button type="button" className="button ghost danger-text" onClick={() => setConfirmDelete(true)}>
        Delete
      </button>
      <span className="footer-spacer" />
      <button type="button" className="button" title={AGENDA_HINT} onClick={toAgenda}>
        Agenda
      </button>
      {!isInCookbook(recipe, toDayId(new Date())) && (
        <button type="button" className="button" onClick={toCookbook}>
          Cookbook
        </button>
      )}
      <button
        type="button"
        className="button primary"
        onClick={() => modals.open({ kind: 'edit', recipeId: recipe.id })}
      >
        Edit
      </button>
    </>
  );

  return (
    <RecipeView recipe={recipe} categories={doc.categories} lines={lines} onClose={onClose} footer={footer}>
      <StarsInput rating={recipe.rating} onRate={rate} size={26} label="Rating" />
      <ServingsStepper
        servings={shownServings}
        onChange={(delta) => setServings(stepServings(shownServings ?? 1, delta))}
      />
      {recipe.ingredients.length ? (
        <IngredientChecklist
          ingredients={recipe.ingredients}
          lines={lines}
          recipeId={recipe.id}
          groceries={groceries}
          storeId={readActiveStoreId()}
          onToggle={toggleIngredient}
        />
      ) : (
        <button
          type="button"
          className="button small"
          onClick={() => modals.open({ kind: 'edit', recipeId: recipe.id })}
        >
          Add ingredients
        </button>
      )}
    </RecipeView>
  );
}

function OtherUsersRecipe({
  recipeId,
  userId,
  onClose,
}: {
  recipeId: string;
  userId: string;
  onClose: () => void;
}) {
  const theirs = useOtherUserDocument('recipes', userId);
  const { doc: agenda } = useDocument('agenda');
  const { doc: own } = useDocument('recipes');
  const { user } = useCurrentUser();
  const dispatch = useDispatch();
  const toast = useToast();
  const [units] = useUnitSystem();
  const [ask, setAsk] = useState<'kitchen' | 'agenda' | undefined>(undefined);
  const recipe = theirs.doc?.recipes[recipeId];
  if (theirs.loading) {
    return (
      <Modal open onClose={onClose} title="Recipe">
        <p className="empty">Loading…</p>
      </Modal>
    );
  }
  if (!recipe || recipe.isDeleted) return <GoneModal onClose={onClose} />;
  const name = toastRecipeName(recipe.name);
  const lines = ingredientLinesForServings(recipe, recipe.servings).map((line) => convertLine(line, units));

  const copy = () => importActions.addOtherUsersRecipe(recipe, theirs.doc, user?.id, browserEnv);
  /**
   * The photo comes along as a copy in this account (docs/DOCUMENTS.md "Photos"), once the server
   * made it: the recipe is copied at once, offline too, and the photo follows or a toast says why not.
   */
  const copyPhoto = async (copyId: string) => {
    if (!recipe.photoId) return;
    const result = await photoApi.copy(recipe.photoId);
    if (result.ok) {
      dispatch({
        kind: 'recipes',
        action: recipeActions.update(copyId, { photoId: result.data.photoId }, browserEnv),
      });
    } else {
      toast.show(
        result.status === 0
          ? `"${name}" was copied without its photo: Mealplan cannot be reached`
          : `"${name}" was copied without its photo: ${result.error.message}`,
      );
    }
  };
  /** A copy is a new recipe of this account: refused here, with the reason, when over the plan. */
  const fits = () => {
    if (fitsRecipeLimit(own, user)) return true;
    toast.show(recipeLimitMessage(user));
    return false;
  };
  // A copy made before (the same source link, else the same name) is not duplicated unasked.
  const existing = Object.values(own.recipes).find(
    (mine) => !mine.isDeleted && (recipe.url ? mine.url === recipe.url : mine.name === recipe.name),
  );
  const toTestKitchen = (again = false) => {
    if (existing && !again) {
      setAsk('kitchen');
      return;
    }
    setAsk(undefined);
    if (!fits()) return;
    const action = copy();
    dispatch({ kind: 'recipes', action });
    toast.show(`Added "${name}" to your test kitchen`);
    void copyPhoto(action.id);
  };
  const planMine = () => {
    if (!existing) return;
    setAsk(undefined);
    dispatch(...planOnFirstEmptyDay(agenda, existing, browserEnv).actions);
    toast.show(`Added "${toastRecipeName(existing.name)}" to your agenda`);
  };
  const toAgenda = (again = false) => {
    if (existing && !again) {
      setAsk('agenda');
      return;
    }
    setAsk(undefined);
    if (!fits()) return;
    const action = copy();
    const planned = planOnFirstEmptyDay(agenda, { id: action.id, mealType: recipe.mealType }, browserEnv);
    dispatch({ kind: 'recipes', action }, ...planned.actions);
    toast.show(`Added "${name}" to your agenda`);
    void copyPhoto(action.id);
  };

  const footer = ask ? (
    <>
      <span className="footer-question">You already have a copy of this recipe. Add another?</span>
      {ask === 'agenda' ? (
        <button type="button" className="button" onClick={planMine}>
          Plan my copy
        </button>
      ) : (
        <button type="button" className="button" onClick={() => setAsk(undefined)}>
          Keep mine
        </button>
      )}
      <button
        type="button"
        className="button primary"
        onClick={() => (ask === 'agenda' ? toAgenda(true) : toTestKitchen(true))}
      >
        Add another copy
      </button>
    </>
  ) : (
    <>
      <button type="button" className="button" onClick={() => toTestKitchen()}>
        Add to my Test Kitchen
      </button>
      <button type="button" className="button primary" title={OTHER_AGENDA_HINT} onClick={() => toAgenda()}>
        Add to my Agenda
      </button>
    </>
  );
  return (
    <RecipeView
      recipe={recipe}
      categories={theirs.doc?.categories ?? {}}
      lines={lines}
      onClose={onClose}
      footer={footer}
    >
      <StarsDisplay rating={recipe.rating} size={26} />
      <ServingsStepper servings={recipe.servings} />
      {recipe.ingredients.length ? (
        <IngredientChecklist
          ingredients={recipe.ingredients}
          lines={lines}
          recipeId={recipe.id}
          groceries={undefined}
          storeId={undefined}
        />
      ) : (
        <p className="empty">No ingredients yet.</p>
      )}
    </RecipeView>
  );
}

function GoneModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title="Recipe not found">
      <p className="empty">This recipe was deleted or is no longer shared with you.</p>
    </Modal>
  );
}

/**
 * The body both views share: source, Made, Last made and times, then the rating, servings and
 * ingredients the caller passes as children, then the instructions with their line breaks.
 */
function RecipeView({
  recipe,
  categories,
  lines,
  onClose,
  footer,
  children,
}: {
  recipe: Recipe;
  categories: RecipesDocument['categories'];
  /** The ingredient lines at the servings shown, for cook mode. */
  lines: readonly string[];
  onClose: () => void;
  footer: ReactNode;
  children: [ReactNode, ReactNode, ReactNode];
}) {
  const [rating, servings, ingredients] = children;
  const [cooking, setCooking] = useState(false);
  const [units, setUnits] = useUnitSystem();
  const instructions = recipe.instructions && convertTemperatures(recipe.instructions, units);
  const source = sourceOf(recipe.url);
  const category = recipe.categoryId ? categories[recipe.categoryId]?.name : undefined;
  // Only days up to today are made; a day ahead is planned (docs/BEHAVIOUR.md §4 "Made and planned").
  const today = toDayId(new Date());
  const made = madeFacts(recipe, today);
  return (
    <Modal open onClose={onClose} title={recipe.name} footer={footer} className="recipe-modal">
      {recipe.photoId && (
        <img
          className="recipe-hero"
          src={photoUrl(recipe.photoId, 'display')}
          alt=""
          width={1280}
          height={960}
          decoding="async"
        />
      )}
      <div className="recipe-tags">
        <span className="tag">{MEAL_TYPE_LABELS[recipe.mealType]}</span>
        {category && <span className="tag">{category}</span>}
        <span className="tag">{isInCookbook(recipe, today) ? 'Cookbook' : 'Test Kitchen'}</span>
        {/* The print stylesheet (recipe-modals.css) prints this recipe alone, on one page. */}
        <span className="recipe-actions">
          <button type="button" className="button small ghost" onClick={() => setCooking(true)}>
            Cook
          </button>
          <button type="button" className="button small ghost" onClick={() => window.print()}>
            Print
          </button>
        </span>
      </div>
      {recipe.description && <p className="recipe-description">{recipe.description}</p>}
      <dl className="recipe-facts">
        {source && (
          <div className="fact--wide">
            <dt>Source</dt>
            <dd>
              {source.href ? (
                <a href={source.href} target="_blank" rel="noopener noreferrer">
                  {source.text}
                </a>
              ) : (
                source.text
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>Made</dt>
          <dd>{madeText(made.count)}</dd>
        </div>
        <div>
          <dt>Last made</dt>
          <dd>{lastMadeText(made.lastMade)}</dd>
        </div>
        {made.nextPlanned && (
          <div className="fact--wide">
            <dt>Planned for</dt>
            <dd>{longDate(made.nextPlanned)}</dd>
          </div>
        )}
        <div>
          <dt>Prep</dt>
          <dd>{minutesText(recipe.prepTime)}</dd>
        </div>
        <div>
          <dt>Cook</dt>
          <dd>{minutesText(recipe.cookTime)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{minutesText(recipe.time)}</dd>
        </div>
      </dl>
      <div className="recipe-rating">
        {rating}
        <span className="rating-caption">{ratingCaption(recipe.rating)}</span>
      </div>
      <section className="recipe-section" aria-label="Ingredients">
        <div className="recipe-section-header">
          <h3>Ingredients</h3>
          {servings}
        </div>
        <fieldset className="unit-toggle">
          <legend>Show amounts in</legend>
          {(['as-written', 'metric', 'us'] as const).map((system) => (
            <label key={system} className={units === system ? 'is-checked' : undefined}>
              <input
                type="radio"
                name={`units-${recipe.id}`}
                value={system}
                checked={units === system}
                onChange={() => setUnits(system)}
              />
              {UNIT_LABELS[system]}
            </label>
          ))}
        </fieldset>
        {ingredients}
      </section>
      {instructions && (
        <section className="recipe-section" aria-label="Instructions">
          <h3>Instructions</h3>
          <p className="recipe-instructions">{instructions}</p>
        </section>
      )}
      {recipe.notes && (
        <section className="recipe-section" aria-label="Notes">
          <h3>Notes</h3>
          <p className="recipe-instructions">{recipe.notes}</p>
        </section>
      )}
      {cooking && (
        <CookMode
          recipe={instructions ? { ...recipe, instructions } : recipe}
          lines={lines}
          onClose={() => setCooking(false)}
        />
      )}
    </Modal>
  );
}
