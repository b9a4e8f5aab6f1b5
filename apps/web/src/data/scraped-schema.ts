/**
 * The schema of the extension's scraped list, loaded only when a list with recipes in it has come
 * in: it is built with zod, which nothing else needs before a signed-in page is drawn
 * (docs/ARCHITECTURE.md "The signed-in shell").
 */
export { ScrapedRecipesSchema } from '@mealplan/core';
