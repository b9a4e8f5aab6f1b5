// The landing folder's entry: what other folders may use. Files inside import each other directly;
// other folders import only from here (eslint.config.mjs, docs/WEB-MODULES.md).

export { LandingPage } from './LandingPage';
export { CHROME_STORE_URL } from './links';
