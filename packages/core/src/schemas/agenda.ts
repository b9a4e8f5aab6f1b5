/**
 * The agenda document (docs/BEHAVIOUR.md §3): days keyed by 'yyyy-MM-dd', each with one recipe id per meal type
 * and an optional free-text quick dinner, plus a hash regenerated on each local change.
 */
import { z } from 'zod';
import { built, lazySchema } from './lazy.js';
import { DayIdSchema, EntityIdSchema, LIMITS, TimestampSchema, keyedBy } from './common.js';

/**
 * One day of the agenda. A slot holds the id of a recipe of that meal type; an empty slot is left
 * out. `quickDinner` is free text typed instead of a dinner recipe.
 */
export const DaySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: built(DayIdSchema),
    updatedAt: built(TimestampSchema),
    breakfast: built(EntityIdSchema).optional(),
    lunch: built(EntityIdSchema).optional(),
    dinner: built(EntityIdSchema).optional(),
    dessert: built(EntityIdSchema).optional(),
    baking: built(EntityIdSchema).optional(),
    quickDinner: z.string().min(1).max(LIMITS.shortText).optional(),
  }),
);
export type Day = z.infer<typeof DaySchema>;

/** The agenda document: days keyed by day id, and the hash of the last local change. */
export const AgendaDocumentSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    days: keyedBy(built(DayIdSchema), built(DaySchema)),
    hash: z.string().max(LIMITS.hash),
  }),
);
export type AgendaDocument = z.infer<typeof AgendaDocumentSchema>;
