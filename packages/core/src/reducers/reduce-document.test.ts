import { describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS } from '../constants.js';
import { emptyDocument } from '../schemas/index.js';
import { groceryActions } from './groceries.js';
import { isPushNow, reduceDocument } from './reduce-document.js';
import { testEnv } from './testing.test-helpers.js';

describe('reduceDocument', () => {
  it.each(DOCUMENT_KINDS)('throws Action not supported for an unknown %s action', (kind) => {
    expect(() => reduceDocument(kind, emptyDocument(kind), { type: 'UNKNOWN' } as never)).toThrow(
      'Action not supported',
    );
  });

  it.each([null, 'ADD', {}, { type: 3 }])(
    'throws Action not supported for the malformed action %j',
    (action) => {
      expect(() => reduceDocument('notes', emptyDocument('notes'), action as never)).toThrow(
        'Action not supported',
      );
    },
  );

  it('throws Action not supported for an unknown kind', () => {
    expect(() => reduceDocument('footer' as never, {} as never, { type: 'SHOW_FOOTER' } as never)).toThrow(
      'Action not supported',
    );
  });

  it('dispatches to the reducer of the kind', () => {
    const notes = reduceDocument('notes', emptyDocument('notes'), {
      type: 'PUT_NOTE',
      dayId: '2025-01-01',
      text: 'Hi',
    });
    expect(notes).toEqual({ notes: { '2025-01-01': 'Hi' } });
  });

  it('reports pushNow for actions that carry it, and for ticks on the shop floor', () => {
    expect(isPushNow(groceryActions.emptyList('s1', testEnv()))).toBe(true);
    expect(isPushNow(groceryActions.setDone('i1', true, testEnv()))).toBe(true);
    expect(isPushNow(groceryActions.setDone('i1', false, testEnv()))).toBe(true);
    expect(isPushNow(groceryActions.setPin('i1', true, testEnv()))).toBe(false);
    expect(isPushNow(groceryActions.incrementItem('i1', testEnv()))).toBe(false);
  });
});
