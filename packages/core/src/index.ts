/**
 * @mealplan/core: the domain logic shared by the web app, the server and the browser extension.
 * Pure TypeScript: no DOM, no Node APIs, no I/O.
 */
export * from './constants.js';
export * from './schemas/index.js';
export * from './ingredients/index.js';
export * from './reducers/index.js';
export * from './recipes/index.js';
export * from './sync/index.js';
export * from './extract/index.js';
