/**
 * The four synced documents by kind: their schemas and their types (what a new account starts with
 * is in empty-documents.ts). The server validates a document (or a document after applying a merge
 * patch) with `documentSchemas[kind]`; the client types its caches with `DocumentOf<kind>`.
 */
import type { z } from 'zod';
import type { DocumentKind } from '../constants.js';
import { AgendaDocumentSchema } from './agenda.js';
import { GroceriesDocumentSchema } from './groceries.js';
import { NotesDocumentSchema } from './notes.js';
import { RecipesDocumentSchema } from './recipes.js';

/** The zod schema of each document kind. */
export const documentSchemas = {
  agenda: AgendaDocumentSchema,
  recipes: RecipesDocumentSchema,
  notes: NotesDocumentSchema,
  groceries: GroceriesDocumentSchema,
} as const satisfies Record<DocumentKind, z.ZodType>;

/** The document type of a kind: `DocumentOf<'recipes'>` is `RecipesDocument`. */
export type DocumentOf<K extends DocumentKind> = z.infer<(typeof documentSchemas)[K]>;

/** Any of the four documents. */
export type AnyDocument = DocumentOf<DocumentKind>;
