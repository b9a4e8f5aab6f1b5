/**
 * Recipe extraction from HTML pages (schema.org JSON-LD, microdata, recipe-plugin markup and
 * preview tags), shared by the browser extension and the server.
 */
export { extractRecipe } from './extract-recipe.js';
export { extractPastedRecipe, extractRecipeFromText, looksLikeHtml } from './plain-text.js';
export type { ExtractedRecipe } from './types.js';
export { parseDuration, parseServings } from './values.js';
