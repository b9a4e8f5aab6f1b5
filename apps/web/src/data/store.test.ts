import { agendaActions, emptyDocument, noteActions, toDayId } from '@mealplan/core';
import { describe, expect, it, vi } from 'vitest';
import { createTestDataStore } from './test-store.test-helpers';

describe('the data store screens use (the real one, over an in-memory server)', () => {
  it('starts from empty documents and applies dispatched actions through core reducers', () => {
    const store = createTestDataStore().store;
    expect(store.get('agenda').doc).toEqual(emptyDocument('agenda'));
    const listener = vi.fn();
    store.subscribe(listener);
    const day = toDayId(new Date(2026, 10, 22));
    store.dispatch({ kind: 'agenda', action: agendaActions.updateDay({ id: day, quickDinner: 'Tacos' }) });
    expect(store.get('agenda').doc.days[day]?.quickDinner).toBe('Tacos');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps the same state object until something changes, as useSyncExternalStore requires', () => {
    const store = createTestDataStore().store;
    expect(store.get('notes')).toBe(store.get('notes'));
  });

  it('applies a dispatch all or nothing, like the synced store: a failing action leaves every document as it was', () => {
    const store = createTestDataStore().store;
    const day = toDayId(new Date(2026, 10, 22));
    const before = store.get('notes');
    expect(() =>
      store.dispatch(
        { kind: 'notes', action: noteActions.putNote(day, 'Guests at 7') },
        { kind: 'agenda', action: { type: 'NO_SUCH_ACTION' } as never },
      ),
    ).toThrow();
    expect(store.get('notes')).toBe(before);
  });

  it('pushes what a screen dispatched to the server, which then holds it', async () => {
    const { store, server } = createTestDataStore();
    const day = toDayId(new Date(2026, 10, 22));
    store.dispatch({ kind: 'notes', action: noteActions.putNote(day, 'Guests at 7') });
    expect(store.get('notes').queued).toBe(1);
    await vi.waitFor(() => expect(server.doc('notes')).toEqual({ notes: { [day]: 'Guests at 7' } }), {
      timeout: 5_000,
    });
    await vi.waitFor(() => expect(store.get('notes').queued).toBe(0));
  });
});
