/**
 * The notes reducer (docs/BEHAVIOUR.md §4 "PUT_NOTE"): a day's private note. A blank note removes the day from
 * the document, so clearing a note syncs as `{"notes": {"<day>": null}}`.
 */
import { LIMITS, type NotesDocument } from '../schemas/index.js';
import { unsupported } from './env.js';

/** Sets (or, when blank, removes) the note of a day. */
export interface PutNoteAction {
  type: 'PUT_NOTE';
  dayId: string;
  text: string;
}

/** Every action of the notes document. */
export type NotesAction = PutNoteAction;

/** The notes reducer: returns a new document, never changes `doc`. */
export function notesReducer(doc: NotesDocument, action: NotesAction): NotesDocument {
  switch (action.type) {
    case 'PUT_NOTE': {
      // Trailing whitespace is kept as typed; only a note with no text at all counts as none.
      const text = action.text.trim() === '' ? undefined : action.text.slice(0, LIMITS.noteText);
      if (doc.notes[action.dayId] === text) return doc;
      const notes = { ...doc.notes };
      if (text === undefined) delete notes[action.dayId];
      else notes[action.dayId] = text;
      return { ...doc, notes };
    }
    default:
      return unsupported(action);
  }
}

/** Creators of notes actions. */
export const noteActions = {
  putNote: (dayId: string, text: string): PutNoteAction => ({ type: 'PUT_NOTE', dayId, text }),
};
