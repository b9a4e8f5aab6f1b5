/**
 * Where to get the recipe scanner. The extension is built from apps/extension; until it has a
 * Chrome Web Store listing this points at the store's search for it.
 */
export const CHROME_STORE_URL = 'https://chromewebstore.google.com/search/Mealplan%20recipe%20scanner';
