// The data folder's entry: what other folders may use. Files inside import each other directly;
// other folders import only from here (eslint.config.mjs, docs/WEB-MODULES.md).

export { DataProvider } from './DataProvider';
export { browserEnv } from './browser-ports';
export { DataStoreContext, useDispatch, useDocument, useOtherUserDocument, useReadDocument } from './hooks';
export { DataSessionContext } from './session-context';
export { runningSessionFor } from './session-registry';
export { pushBeforeSignOut, unsavedChanges, unsavedQuestion } from './sign-out';
export { keepFirstAnswers } from './first-answers';
export type { FirstAnswer, FirstAnswers } from './first-answers';
