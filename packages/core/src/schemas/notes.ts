/**
 * The notes document (docs/BEHAVIOUR.md §3): a day's private note, keyed by day id. A day without a note is
 * simply absent, so clearing a note is a `null` in the merge patch.
 */
import { z } from 'zod';
import { built, lazySchema } from './lazy.js';
import { DayIdSchema, LIMITS } from './common.js';

/** The text of one day note; never empty (an empty note is removed instead). */
export const NoteTextSchema = /* @__PURE__ */ lazySchema(() => z.string().min(1).max(LIMITS.noteText));

/** The notes document: `{ notes: { 'yyyy-MM-dd': text } }`. */
export const NotesDocumentSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    notes: z.record(built(DayIdSchema), built(NoteTextSchema)),
  }),
);
export type NotesDocument = z.infer<typeof NotesDocumentSchema>;
