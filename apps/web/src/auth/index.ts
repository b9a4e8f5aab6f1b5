// The auth folder's entry: what other folders may use. Files inside import each other directly;
// other folders import only from here (eslint.config.mjs, docs/WEB-MODULES.md).

export { FormAlert } from './AuthLayout';
export { AUTH_MESSAGES } from './messages';
export { MESSAGES, emailRules, passwordRules, requiredRules } from './validation';
