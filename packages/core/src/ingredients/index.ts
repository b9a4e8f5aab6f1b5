export type { ParsedIngredient } from './types.js';
