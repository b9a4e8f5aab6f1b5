import { noteActions } from '@mealplan/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushBeforeSignOut, unsavedQuestion } from './sign-out';
import { createSyncedDataStore } from './synced-store';
import { FakeServer, MemoryStorage } from './testing.test-helpers';

function open(server: FakeServer) {
  const store = createSyncedDataStore({
    namespace: 'mealplan:u1',
    transport: (kind) => server.transport(kind),
    storage: new MemoryStorage(),
    logger: { warn: vi.fn(), error: vi.fn() },
  });
  store.start();
  return store;
}
const note = (text: string) => ({ kind: 'notes' as const, action: noteActions.putNote('2026-05-01', text) });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('signing out pushes first', () => {
  it('pushes an edit made a moment ago and reports nothing unsaved', async () => {
    const server = new FakeServer();
    const store = open(server);
    await store.settled();
    store.dispatch(note('Guests at 7'));
    const unsaved = pushBeforeSignOut(store, { online: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(await unsaved).toBe(0);
    expect(server.doc('notes')).toEqual({ notes: { '2026-05-01': 'Guests at 7' } });
  });

  it('answers at once with what is unsaved when the browser is offline', async () => {
    const server = new FakeServer();
    const store = open(server);
    await store.settled();
    store.dispatch(note('one'), note('two'));
    expect(await pushBeforeSignOut(store, { online: false })).toBe(2);
    expect(server.patches).toEqual([]);
  });

  it('gives up after the time limit when the server does not take the push', async () => {
    const server = new FakeServer();
    const store = open(server);
    await store.settled();
    server.offline = true;
    store.dispatch(note('Dentist at 4'));
    const unsaved = pushBeforeSignOut(store, { online: true, timeoutMs: 5_000 });
    await vi.advanceTimersByTimeAsync(4_999);
    let settled = false;
    void unsaved.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await unsaved).toBe(1);
  });

  it('asks in words, singular and plural', () => {
    expect(unsavedQuestion(1)).toBe('1 change has not been saved. Sign out anyway?');
    expect(unsavedQuestion(3)).toBe('3 changes have not been saved. Sign out anyway?');
  });
});
