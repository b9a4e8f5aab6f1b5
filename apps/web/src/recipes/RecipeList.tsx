import { useDraggable } from '@dnd-kit/core';
import { RECIPE_OVERSCAN, RECIPE_ROW_ESTIMATE, type Category, type Recipe } from '@mealplan/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef } from 'react';
import { photoUrl } from '../api';
import type { RecipeDrag } from '../plan';
import { CalendarIcon, useOverscanAfterPaint } from '../plan';
import { minutesText } from './recipe-format';
import { StarsDisplay } from './Stars';

const estimateRow = () => RECIPE_ROW_ESTIMATE;

/**
 * The recipes of a tab as a virtualised list (docs/BEHAVIOUR.md §9: rows of 32 px, 10 rows of overscan): only the
 * rows in view are in the page, so 5,000 recipes scroll as smoothly as 50. Rows are memoised and
 * get stable callbacks, so a change to one recipe re-renders one row.
 */
export function RecipeList({
  recipes,
  categories,
  showRating,
  draggable,
  readOnly = false,
  label,
  onOpen,
  onAddToDay,
}: {
  recipes: readonly Recipe[];
  categories: Record<string, Category>;
  showRating: boolean;
  draggable: boolean;
  /** Another user's recipes: no calendar button (planning goes through the recipe view's copy). */
  readOnly?: boolean;
  label: string;
  onOpen: (recipeId: string) => void;
  onAddToDay: (recipeId: string) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Once any recipe has a photo, every row keeps a thumbnail's room, so the names stay in line.
  const withThumbs = useMemo(() => recipes.some((recipe) => recipe.photoId), [recipes]);
  // The same function for the same recipes: the virtualizer lays out all rows again whenever it
  // changes, which for 5,000 recipes is most of a render (and of every scrolled frame).
  const getItemKey = useCallback((index: number) => recipes[index]?.id ?? index, [recipes]);
  // The rows in view first; the 10 rows of overscan a frame after the list is first painted.
  const overscan = useOverscanAfterPaint(RECIPE_OVERSCAN);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render only.
  const virtualizer = useVirtualizer({
    count: recipes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRow,
    overscan,
    getItemKey,
  });

  return (
    <div ref={scrollRef} className="recipe-scroll">
      <ul className="recipe-list" aria-label={label} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const recipe = recipes[item.index];
          if (!recipe) return null;
          return (
            <RecipeRow
              key={recipe.id}
              recipe={recipe}
              category={recipe.categoryId ? categories[recipe.categoryId]?.name : undefined}
              showRating={showRating}
              withThumb={withThumbs}
              draggable={draggable}
              readOnly={readOnly}
              top={item.start}
              position={item.index + 1}
              total={recipes.length}
              onOpen={onOpen}
              onAddToDay={onAddToDay}
            />
          );
        })}
      </ul>
    </div>
  );
}

/** One recipe: its name opens it; press and hold to drag it onto a day; the calendar button plans it. */
const RecipeRow = memo(function RecipeRow({
  recipe,
  category,
  showRating,
  withThumb,
  draggable,
  readOnly,
  top,
  position,
  total,
  onOpen,
  onAddToDay,
}: {
  recipe: Recipe;
  category: string | undefined;
  showRating: boolean;
  withThumb: boolean;
  draggable: boolean;
  readOnly: boolean;
  top: number;
  position: number;
  total: number;
  onOpen: (recipeId: string) => void;
  onAddToDay: (recipeId: string) => void;
}) {
  const data: RecipeDrag = { type: 'recipe', recipeId: recipe.id, name: recipe.name };
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `recipe:${recipe.id}`,
    data,
    disabled: !draggable,
  });
  const meta = [category, recipe.time === undefined ? undefined : minutesText(recipe.time)]
    .filter(Boolean)
    .join(' · ');
  return (
    <li
      ref={setNodeRef}
      className={`recipe-row${isDragging ? ' is-dragging' : ''}`}
      style={{ top }}
      aria-setsize={total}
      aria-posinset={position}
      {...listeners}
    >
      <button type="button" className="recipe-open" onClick={() => onOpen(recipe.id)}>
        {withThumb &&
          (recipe.photoId ? (
            <img
              className="recipe-thumb"
              src={photoUrl(recipe.photoId, 'thumb')}
              alt=""
              width={24}
              height={24}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <span className="recipe-thumb" aria-hidden="true" />
          ))}
        <span className="recipe-name">{recipe.name}</span>
        {meta && <span className="recipe-meta">{meta}</span>}
      </button>
      {showRating && recipe.rating !== undefined && <StarsDisplay rating={recipe.rating} size={14} />}
      {!readOnly && (
        <button
          type="button"
          className="icon-button recipe-plan"
          aria-label={`Add ${recipe.name} to a day`}
          title="Add to a day"
          onClick={() => onAddToDay(recipe.id)}
        >
          <CalendarIcon width={18} height={18} />
        </button>
      )}
    </li>
  );
});
