/**
 * Building blocks shared by every schema: ids, day ids, timestamps, length caps, and the
 * "map keyed by entity id" shape every document uses (so a sync is an RFC 7386 merge patch
 * `{"recipes": {"<id>": {...}, "<id2>": null}}`).
 *
 * Wire schemas are strict (unknown fields are refused) and never accept null: a merge patch cannot
 * store a null, so documents leave a field out to mean "empty".
 */
import { z } from 'zod';
import { lazySchema } from './lazy.js';
import { isDayId } from './day-id.js';
import { LIMITS } from '../constants.js';

// In a browser (the app, the extension) the pages' Content Security Policy allows no eval
// (docs/SECURITY.md "Response headers"). zod would probe for it with `new Function('')` on its
// first parse, which the browser reports as a violation, and then parse without it anyway; say so
// up front. On the server zod keeps compiling its object parsers.
if ('window' in globalThis) z.config({ jitless: true });

// The caps live in constants.ts, without zod, so code that only needs a number does not load zod.
export { LIMITS } from '../constants.js';

/**
 * An entity id: a uuid in practice (recipes, items), but any short token of letters, digits and
 * `_ - . :` is accepted so derived ids (default categories, placeholder rows) fit too.
 */
export const EntityIdSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .min(1, 'Required')
    .max(LIMITS.id)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'Invalid id: use letters, digits, "_", "-", "." or ":"'),
);

/** A calendar day, 'yyyy-MM-dd', that exists. */
export const DayIdSchema = /* @__PURE__ */ lazySchema(() =>
  z.string().refine(isDayId, 'Invalid day: expected a date as yyyy-MM-dd'),
);

/** An ISO 8601 date-time such as `2025-02-25T18:30:00.000Z` (created/updated stamps). */
export const TimestampSchema = /* @__PURE__ */ lazySchema(() => z.iso.datetime({ offset: true }));

/** A non-blank name: the 'Required' message for empty or whitespace-only input. */
export function requiredText(max: number, tooLong?: string) {
  return z
    .string()
    .max(max, tooLong)
    .refine((value) => value.trim() !== '', 'Required');
}

/** A whole number of minutes (prep, cook, total time). */
export const MinutesSchema = /* @__PURE__ */ lazySchema(() => z.number().int().min(0).max(LIMITS.minutes));

/**
 * A map from id to entity whose every member's `id` equals its key, which is what lets a merge
 * patch address an entity by id alone.
 */
export function keyedBy<T extends z.ZodType<{ id: string }>>(keySchema: z.ZodType<string>, entity: T) {
  return z.record(keySchema, entity).superRefine((record, ctx) => {
    for (const [key, value] of Object.entries(record)) {
      if ((value as { id: string }).id !== key) {
        ctx.addIssue({ code: 'custom', path: [key, 'id'], message: `id must equal its key "${key}"` });
      }
    }
  });
}
