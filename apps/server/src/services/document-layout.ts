import {
  AgendaDocumentSchema,
  CategorySchema,
  DayIdSchema,
  DaySchema,
  EntityIdSchema,
  GroceriesDocumentSchema,
  NoteTextSchema,
  NotesDocumentSchema,
  RecipeSchema,
  RecipesDocumentSchema,
  StoreSchema,
  documentSchemas,
  type DocumentKind,
} from '@mealplan/core';
import type { z } from 'zod';
import type { EntityRow } from '../repositories/document.repository.js';

/** One entity map of a document (`recipes`, `days`, ...): how its keys and members are checked. */
export interface CollectionLayout {
  key: z.ZodType<string>;
  entity: z.ZodType;
  /** True when each member carries an `id` that must equal its key. */
  hasId: boolean;
}

/**
 * How a document maps onto rows: its entity maps become one `document_entity` row per member, and
 * the rest (the scalar members, e.g. `hash`) is the head's `meta`. Schemas are core's, so the server
 * accepts exactly what the wire format allows.
 */
export interface DocumentLayout {
  collections: Record<string, CollectionLayout>;
  meta: z.ZodType<Record<string, unknown>>;
  schema: z.ZodType;
}

/** The layout of each document kind. */
export const LAYOUTS: Record<DocumentKind, DocumentLayout> = {
  agenda: {
    collections: { days: { key: DayIdSchema, entity: DaySchema, hasId: true } },
    meta: AgendaDocumentSchema.omit({ days: true }),
    schema: documentSchemas.agenda,
  },
  recipes: {
    collections: {
      recipes: { key: EntityIdSchema, entity: RecipeSchema, hasId: true },
      categories: { key: EntityIdSchema, entity: CategorySchema, hasId: true },
    },
    meta: RecipesDocumentSchema.omit({ recipes: true, categories: true }),
    schema: documentSchemas.recipes,
  },
  notes: {
    collections: { notes: { key: DayIdSchema, entity: NoteTextSchema, hasId: false } },
    meta: NotesDocumentSchema.omit({ notes: true }),
    schema: documentSchemas.notes,
  },
  groceries: {
    collections: { stores: { key: EntityIdSchema, entity: StoreSchema, hasId: true } },
    meta: GroceriesDocumentSchema.omit({ stores: true }),
    schema: documentSchemas.groceries,
  },
};

/** Splits a validated document into its meta members and one row per entity. */
export function toRows(
  kind: DocumentKind,
  document: Record<string, unknown>,
): { meta: string; rows: EntityRow[] } {
  const layout = LAYOUTS[kind];
  const meta: Record<string, unknown> = {};
  const rows: EntityRow[] = [];
  for (const [name, value] of Object.entries(document)) {
    if (name in layout.collections) {
      for (const [id, entity] of Object.entries(value as Record<string, unknown>)) {
        rows.push({ collection: name, id, data: JSON.stringify(entity) });
      }
    } else {
      meta[name] = value;
    }
  }
  return { meta: JSON.stringify(meta), rows };
}

/**
 * The document's JSON text, assembled from the stored rows without parsing them: each row's text is
 * already the entity's JSON, so a 5,000-recipe document costs string concatenation, not 5,000 parses.
 */
export function serialize(kind: DocumentKind, meta: string, rows: EntityRow[]): string {
  const groups = new Map<string, string[]>();
  for (const name of Object.keys(LAYOUTS[kind].collections)) groups.set(name, []);
  for (const row of rows) groups.get(row.collection)?.push(`${JSON.stringify(row.id)}:${row.data}`);
  const parts = [...groups].map(([name, members]) => `${JSON.stringify(name)}:{${members.join(',')}}`);
  const metaBody = meta.trim().slice(1, -1).trim();
  if (metaBody) parts.push(metaBody);
  return `{${parts.join(',')}}`;
}
