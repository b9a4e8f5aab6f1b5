// The account folder's entry: what other folders may use. Files inside import each other directly;
// other folders import only from here (eslint.config.mjs, docs/WEB-MODULES.md).

export { fitsRecipeLimit, recipeLimitMessage, storeLimitOf } from './plan';
export { queryClient } from './query-client';
export { onServerLogLevel } from './server-log-level';
export { sessionChanged } from './session-changed';
export { markSessionExpired, sessionRestored, useSessionExpired } from './session-expiry';
export { setSessionHint, useSessionHint } from './session-hint';
export { ME_KEY, useCurrentUser } from './useCurrentUser';
