import {
  DEFAULT_STORE_ID,
  groceryActions,
  noteActions,
  planRecipe,
  type AgendaDocument,
  type DocumentAction,
  type NotesDocument,
} from '@mealplan/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSyncedDataStore, type SyncedStoreOptions } from './synced-store';
import { MemoryChannelHub } from './tab-channel.test-helpers';
import { FakeServer, ManualElection, MemoryStorage, settle } from './testing.test-helpers';

const note = (dayId: string, text: string): DocumentAction => ({
  kind: 'notes',
  action: noteActions.putNote(dayId, text),
});
const notesOf = (store: { get(kind: 'notes'): { doc: NotesDocument } }) => store.get('notes').doc.notes;
const logger = () => ({ warn: vi.fn(), error: vi.fn() });

function open(server: FakeServer, storage: MemoryStorage, extra: Partial<SyncedStoreOptions> = {}) {
  const store = createSyncedDataStore({
    namespace: 'mealplan:u1',
    transport: (kind) => server.transport(kind),
    storage,
    logger: logger(),
    ...extra,
  });
  return store;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('synced store, one tab', () => {
  it('applies a dispatch at once, queues it in storage and pushes a second later', async () => {
    const server = new FakeServer();
    const storage = new MemoryStorage();
    const store = open(server, storage);
    store.start();
    await store.settled();
    const listener = vi.fn();
    store.subscribe(listener);

    store.dispatch(note('2026-01-05', 'Guests at 7'));
    expect(notesOf(store)).toEqual({ '2026-01-05': 'Guests at 7' });
    expect(store.get('notes')).toMatchObject({ loaded: true, queued: 1 });
    expect(listener).toHaveBeenCalled();
    expect(storage.get('mealplan:u1:sync:notes:queue')).toContain('Guests at 7');

    await vi.advanceTimersByTimeAsync(999);
    expect(server.patches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await store.settled();
    expect(server.doc('notes')).toEqual({ notes: { '2026-01-05': 'Guests at 7' } });
    expect(store.get('notes').queued).toBe(0);
    expect(storage.get('mealplan:u1:sync:notes:queue')).toBeNull();
  });

  it('survives a reload offline: the queue and the server copy come back from storage', async () => {
    const server = new FakeServer();
    const storage = new MemoryStorage();
    const first = open(server, storage);
    first.start();
    await first.settled();
    server.offline = true;
    first.dispatch(note('2026-01-05', 'Soup'));
    first.dispose();

    const second = open(server, storage);
    expect(notesOf(second)).toEqual({ '2026-01-05': 'Soup' });
    expect(second.get('notes')).toMatchObject({ loaded: true, queued: 1 });
    server.offline = false;
    second.start();
    await second.flush();
    expect(server.doc('notes')).toEqual({ notes: { '2026-01-05': 'Soup' } });
    expect(server.patches).toHaveLength(1);
  });

  it('applies a multi-document dispatch all or nothing and notifies once', async () => {
    const store = open(new FakeServer(), new MemoryStorage());
    store.start();
    await store.settled();
    const listener = vi.fn();
    store.subscribe(listener);
    const bad: DocumentAction = { kind: 'groceries', action: groceryActions.removeStore(DEFAULT_STORE_ID) };
    expect(() => store.dispatch(note('2026-01-05', 'kept?'), bad)).toThrow('Cannot remove the last store');
    expect(notesOf(store)).toEqual({});
    expect(listener).not.toHaveBeenCalled();
    store.dispatch(note('2026-01-05', 'a'), note('2026-01-06', 'b'));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('refetches by an announced ETag only when it differs from the one held', async () => {
    const server = new FakeServer();
    const store = open(server, new MemoryStorage());
    store.start();
    await store.settled();
    expect(store.heldEtags()).toMatchObject({ notes: server.etag('notes') });
    server.change('notes', { notes: { '2026-02-01': 'From a co-planner' } });
    store.refetch('notes', server.etag('notes'));
    await store.settled();
    expect(notesOf(store)).toEqual({ '2026-02-01': 'From a co-planner' });
  });
});

describe('synced store, replayed plans', () => {
  it('tells when a queued plan, replayed, replaces what a co-planner planned there meanwhile', async () => {
    const server = new FakeServer();
    const store = open(server, new MemoryStorage());
    store.start();
    await store.settled();
    const told = vi.fn();
    store.onReplacedPlans(told);
    server.offline = true;
    const agenda = store.get('agenda').doc as AgendaDocument;
    store.dispatch(
      ...planRecipe(agenda, { id: 'lasagna', mealType: 'dinner' }, '2026-03-02', {
        newId: () => 'h1',
        now: () => new Date('2026-03-01T10:00:00Z'),
      }).filter((a) => a.kind === 'agenda'),
    );
    server.change('agenda', {
      days: { '2026-03-02': { id: '2026-03-02', updatedAt: '2026-03-01T10:00:01.000Z', dinner: 'tacos' } },
    });
    server.offline = false;
    store.refetch('agenda');
    await store.settled();
    expect(told).toHaveBeenCalledWith([
      { dayId: '2026-03-02', mealType: 'dinner', replacedRecipeId: 'tacos', recipeId: 'lasagna' },
    ]);
  });
});

describe('synced store, two tabs', () => {
  function twoTabs() {
    const server = new FakeServer();
    const storage = new MemoryStorage();
    const hub = new MemoryChannelHub();
    const elections = [new ManualElection(), new ManualElection()];
    const [a, b] = elections.map((e, i) =>
      open(server, storage, { channel: hub.open(), elect: e.elect, tabId: `tab${i}` }),
    );
    return { server, storage, elections, a: a!, b: b! };
  }

  it('shows a refused edit in every tab, with the server state, and goes on with the next edit', async () => {
    const { server, elections, a, b } = twoTabs();
    server.refuse = (kind, patch) =>
      kind === 'notes' && JSON.stringify(patch).includes('x'.repeat(50))
        ? { status: 400, code: 'INVALID_DOCUMENT', message: 'A note is at most 40 characters' }
        : undefined;
    a.start();
    b.start();
    elections[0]!.grant();
    await a.settled();
    await settle();

    b.dispatch(note('2026-03-01', 'x'.repeat(50)));
    b.dispatch(note('2026-03-02', 'Dentist at 4'));
    await settle();
    b.flush();
    await settle();
    await a.settled();
    await settle();
    // The good note reached the server; the refused one is gone from the view, in both tabs.
    expect(server.doc('notes')).toEqual({ notes: { '2026-03-02': 'Dentist at 4' } });
    for (const tab of [a, b]) {
      expect(notesOf(tab)).toEqual({ '2026-03-02': 'Dentist at 4' });
      expect(tab.get('notes')).toMatchObject({ queued: 0, refused: [{ code: 'INVALID_DOCUMENT' }] });
    }
    // Dismissed in one tab, it is gone there.
    const [refusal] = b.get('notes').refused;
    b.dismissRefusals('notes', refusal!.seq);
    expect(b.get('notes').refused).toEqual([]);
  });

  it('a follower shows its edit at once and the leader queues and pushes it', async () => {
    const { server, elections, a, b } = twoTabs();
    a.start();
    b.start();
    elections[0]!.grant();
    await a.settled();
    await settle();
    expect(a.isLeader).toBe(true);
    expect(b.isLeader).toBe(false);

    b.dispatch(note('2026-03-01', 'From tab b'));
    expect(notesOf(b)).toEqual({ '2026-03-01': 'From tab b' });
    await settle();
    expect(notesOf(a)).toEqual({ '2026-03-01': 'From tab b' });
    expect(a.get('notes').queued).toBe(1);
    expect(b.get('notes').queued).toBe(1);

    a.dispatch(note('2026-03-02', 'From tab a'));
    await settle();
    expect(notesOf(b)).toEqual({ '2026-03-01': 'From tab b', '2026-03-02': 'From tab a' });

    b.flush();
    await settle();
    await a.settled();
    expect(server.doc('notes')).toEqual({ notes: { '2026-03-01': 'From tab b', '2026-03-02': 'From tab a' } });
    await settle();
    expect(b.get('notes').queued).toBe(0);
  });

  it('hands over when the leader closes, without queuing an action twice', async () => {
    const { server, elections, a, b } = twoTabs();
    a.start();
    b.start();
    elections[0]!.grant();
    await settle();
    b.dispatch(note('2026-04-01', 'one'));
    await settle();
    a.dispose();
    // Tab b has the acknowledgement; its dispatch is in the stored queue exactly once.
    elections[1]!.grant();
    await b.settled();
    await b.flush();
    expect(server.patches).toHaveLength(1);
    expect(server.doc('notes')).toEqual({ notes: { '2026-04-01': 'one' } });
  });

  it('tells a tab taking the lead whether another tab led since it opened (it then reads the storage again)', async () => {
    const server = new FakeServer();
    const storage = new MemoryStorage();
    const hub = new MemoryChannelHub();
    const elections = [new ManualElection(), new ManualElection()];
    const prepared: boolean[][] = [[], []];
    const [a, b] = elections.map((e, i) =>
      open(server, storage, {
        channel: hub.open(),
        elect: e.elect,
        tabId: `tab${i}`,
        prepareToLead: async ({ othersLed }) => void prepared[i]!.push(othersLed),
      }),
    );
    a!.start();
    b!.start();
    elections[0]!.grant();
    await settle();
    a!.dispose();
    elections[1]!.grant();
    await settle();
    // The first leader had heard of no other; the second had heard the first one lead.
    expect(prepared).toEqual([[false], [true]]);
    b!.dispose();
  });

  it('a follower whose actions were never taken sends them to the new leader', async () => {
    const { server, elections, a, b } = twoTabs();
    b.start();
    b.dispatch(note('2026-05-01', 'nobody listened'));
    a.start();
    elections[0]!.grant(); // a leads; b resends what a never acknowledged
    await settle();
    expect(notesOf(a)).toEqual({ '2026-05-01': 'nobody listened' });
    await a.flush();
    expect(server.doc('notes')).toEqual({ notes: { '2026-05-01': 'nobody listened' } });
  });

  it('a tab that closes before any leader took its edit leaves it for the next leader', async () => {
    const { server, storage, elections, a } = twoTabs();
    a.start(); // waiting for the lead (just opened), the user plans something and the tab goes
    a.dispatch(note('2026-06-01', 'made while waiting'));
    expect(notesOf(a)).toEqual({ '2026-06-01': 'made while waiting' });
    a.dispose();
    expect(elections[0]!.released).toBe(true);

    const next = open(server, storage, { tabId: 'tab-next' }); // the reloaded page, leading alone
    next.start();
    await settle();
    expect(notesOf(next)).toEqual({ '2026-06-01': 'made while waiting' });
    await next.flush();
    expect(server.doc('notes')).toEqual({ notes: { '2026-06-01': 'made while waiting' } });
    // Taken once: another leader later finds nothing left to take.
    next.dispose();
    const third = open(server, storage, { tabId: 'tab-third' });
    third.start();
    await settle();
    await third.flush();
    expect(server.patches).toHaveLength(1);
  });
});
