import { describe, expect, it } from 'vitest';
import type { NotesDocument } from '../schemas/index.js';
import { noteActions, notesReducer } from './notes.js';
import { deepFreeze } from './testing.test-helpers.js';

const doc: NotesDocument = deepFreeze({ notes: { '2025-03-10': 'Guests at 7' } });

describe('notesReducer', () => {
  it.each([
    [
      'sets a new note',
      '2025-03-11',
      'Buy bread',
      { '2025-03-10': 'Guests at 7', '2025-03-11': 'Buy bread' },
    ],
    ['replaces a note', '2025-03-10', 'Guests at 8', { '2025-03-10': 'Guests at 8' }],
    ['removes a note set blank', '2025-03-10', '  \n', {}],
    [
      'keeps the text exactly as typed',
      '2025-03-11',
      ' two\nlines ',
      { '2025-03-10': 'Guests at 7', '2025-03-11': ' two\nlines ' },
    ],
  ])('PUT_NOTE %s', (_label, dayId, text, expected) => {
    expect(notesReducer(doc, noteActions.putNote(dayId, text)).notes).toEqual(expected);
  });

  it('caps a note at 10,000 characters', () => {
    expect(
      notesReducer(doc, noteActions.putNote('2025-03-11', 'x'.repeat(10_500))).notes['2025-03-11'],
    ).toHaveLength(10_000);
  });

  it('returns the same document when nothing changes', () => {
    expect(notesReducer(doc, noteActions.putNote('2025-03-10', 'Guests at 7'))).toBe(doc);
    expect(notesReducer(doc, noteActions.putNote('2025-03-12', ''))).toBe(doc);
  });

  it('throws for an unknown action', () => {
    expect(() => notesReducer(doc, { type: 'PUT_NOTES' } as never)).toThrow('Action not supported');
  });
});
