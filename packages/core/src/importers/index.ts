/**
 * Recipes from other apps' exports and our own JSON-LD export (docs/BEHAVIOUR.md "Import &
 * export"). A subpath of its own (`@mealplan/core/importers`), so fflate stays out of bundles that
 * do not read archives.
 */
export { ARCHIVE_LIMITS, ArchiveError, type ArchiveErrorCode } from './archive.js';
export { readRecipeArchive, readRecipeArchiveAsync } from './read.js';
export type { CooperativeOptions } from './steps.js';
export { archiveRecipeFields, findDuplicate } from './document.js';
export { buildJsonLdArchive, recipeToJsonLd } from './export.js';
export type { ArchiveContents, ArchiveField, ArchiveFormat, ArchiveRecipe } from './types.js';
