/**
 * @mealplan/core: the domain logic shared by the web app, the server and the browser extension.
 * Pure TypeScript: no DOM, no Node APIs, no I/O.
 */
export * from './constants.js';
