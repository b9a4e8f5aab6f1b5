// The recipes folder's entry: what other folders may use. Files inside import each other directly;
// other folders import only from here (eslint.config.mjs, docs/WEB-MODULES.md).

export { FormField } from './FormField';
export { RecipesPanel } from './RecipesPanel';
export { StarsDisplay } from './Stars';
export { starPaths, ratingLabel } from './star-paths';
export { MEAL_TYPE_LABELS } from './labels';
