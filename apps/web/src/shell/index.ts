// The shell folder's entry: what other folders may use. Files inside import each other directly;
// other folders import only from here (eslint.config.mjs, docs/WEB-MODULES.md).

export { LoginLink } from './LoginLink';
export { toastName, toastRecipeName } from './truncate';
export { GROCERIES_HINT, GroceriesListSkeleton, PageSkeleton, SkeletonRows } from './PageSkeleton';
