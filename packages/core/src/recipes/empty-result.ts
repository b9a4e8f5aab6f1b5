/**
 * The sentence the recipes panel shows when a list comes out empty (docs/BEHAVIOUR.md §2):
 * "You don't have any [relevant] [meal type] recipes [matching "query"] in your cookbook|test kitchen
 * [with 5 stars | with 4 stars or more]."
 */
import type { CookbookFilter, RecipeQuery } from './recipe-list.js';

const RATING_CLAUSE: Partial<Record<CookbookFilter, string>> = {
  rating_5: 'with 5 stars',
  rating_4: 'with 4 stars or more',
};

/**
 * The empty-result sentence for a query, each optional part present only when its selector is set.
 * `owner` names a followed user whose recipes are shown: "Grace doesn't have any … in their cookbook."
 */
export function emptyResultMessage(query: RecipeQuery, owner?: string): string {
  const cookbook = query.tab === 'cookbook';
  const filter = cookbook ? (query.filter ?? 'relevant') : 'none';
  const search = query.search?.trim();
  const parts = [owner ? `${owner} doesn't have any` : "You don't have any"];
  if (filter === 'relevant') parts.push('relevant');
  if (query.mealType && query.mealType !== 'all') parts.push(query.mealType);
  parts.push('recipes');
  if (search) parts.push(`matching "${search}"`);
  const whose = owner ? 'their' : 'your';
  parts.push(cookbook ? `in ${whose} cookbook` : `in ${whose} test kitchen`);
  const rating = RATING_CLAUSE[filter];
  if (rating) parts.push(rating);
  return `${parts.join(' ')}.`;
}
