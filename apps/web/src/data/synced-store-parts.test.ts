import { describe, expect, it, vi } from 'vitest';
import { noteActions, type AnyAction, type AnyDocument, type SyncSnapshot } from '@mealplan/core';
import { createChangeNotifier } from './change-notifier';
import { createDocumentStates } from './document-states';
import { createOwnDispatches } from './own-dispatches';
import { createTabAcks, MAX_ACKED_TABS } from './tab-acks';
import { reduce } from './document-client';
import { MemoryStorage } from './testing.test-helpers';
import type { MirroredState } from './tab-channel';

const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const note = (dayId: string, text: string) =>
  noteActions.putNote(dayId, text) as unknown as { kind: 'notes'; action: AnyAction }['action'];

describe('change notifier', () => {
  it('notifies at once outside a batch, once at the end of nested batches', () => {
    const changes = createChangeNotifier();
    const listener = vi.fn();
    changes.subscribe(listener);
    changes.notify();
    expect(listener).toHaveBeenCalledTimes(1);
    changes.batch(() => {
      changes.notify();
      changes.batch(() => changes.notify());
      expect(listener).toHaveBeenCalledTimes(1);
    });
    expect(listener).toHaveBeenCalledTimes(2);
    changes.batch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('still notifies when a batch throws', () => {
    const changes = createChangeNotifier();
    const listener = vi.fn();
    changes.subscribe(listener);
    expect(() =>
      changes.batch(() => {
        changes.notify();
        throw new Error('reducer refused');
      }),
    ).toThrow('reducer refused');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('tab acknowledgements', () => {
  it('survive in storage for the next leader, and keep only the newest tabs', () => {
    const storage = new MemoryStorage();
    const first = createTabAcks(storage, 'u:sync:acks', logger);
    first.record('notes', 'tab-a', 3);
    for (let i = 0; i <= MAX_ACKED_TABS; i++) first.record('notes', `tab-${i}`, 1);
    first.record('notes', 'tab-a', 4); // taken again: now the newest
    first.save();

    const next = createTabAcks(storage, 'u:sync:acks', logger);
    expect(next.has('notes', 'tab-a', 4)).toBe(false); // not loaded yet
    next.load();
    expect(next.has('notes', 'tab-a', 4)).toBe(true);
    expect(next.has('notes', 'tab-a', 5)).toBe(false);
    expect(next.has('agenda', 'tab-a', 1)).toBe(false);
    expect(Object.keys(next.of('notes'))).toHaveLength(MAX_ACKED_TABS);
    expect(next.has('notes', 'tab-0', 1)).toBe(false); // the oldest tab was dropped
  });

  it('starts empty from unreadable storage', () => {
    const storage = new MemoryStorage();
    storage.set('k', '{not json');
    const acks = createTabAcks(storage, 'k', logger);
    acks.load();
    expect(acks.of('notes')).toEqual({});
  });
});

describe("a follower's own dispatches", () => {
  it('number each dispatch call, group them oldest first, and forget what the leader took', () => {
    const own = createOwnDispatches();
    const a = own.add([{ kind: 'notes', action: note('2026-01-01', 'a') } as never]);
    const b = own.add([
      { kind: 'notes', action: note('2026-01-02', 'b') } as never,
      { kind: 'agenda', action: { type: 'REMOVE_RECIPE' } } as never,
    ]);
    expect([a, b]).toEqual([1, 2]);
    expect(own.grouped().map(([at, actions]) => [at, actions.map((x) => x.kind)])).toEqual([
      [1, ['notes']],
      [2, ['agenda', 'notes']],
    ]);
    own.confirm('notes', 1);
    expect(own.of('notes').map((d) => d.seq)).toEqual([2]);
    expect(own.of('agenda').map((d) => d.seq)).toEqual([2]);
    own.clear();
    expect(own.grouped()).toEqual([]);
  });
});

describe('document states', () => {
  const mirror = (view: object, extra: Partial<MirroredState> = {}): MirroredState => ({
    view,
    loaded: true,
    etag: '"1"',
    queued: 0,
    status: 'idle',
    ...extra,
  });

  it("show a follower the leader's view with its own unconfirmed actions on top", () => {
    const states = createDocumentStates();
    const own = createOwnDispatches();
    own.add([{ kind: 'notes', action: note('2026-01-01', 'mine') } as never]);
    expect(states.fromMirror('notes', mirror({ notes: {} }), own.of('notes'), reduce('notes'))).toBe(true);
    expect(states.get('notes')).toMatchObject({ doc: { notes: { '2026-01-01': 'mine' } }, queued: 1 });
  });

  it('keep the same state object while nothing shown changed', () => {
    const states = createDocumentStates();
    const base = mirror({ notes: {} });
    states.fromMirror('notes', base, [], reduce('notes'));
    const first = states.get('notes');
    expect(states.fromMirror('notes', { ...base, etag: '"2"' }, [], reduce('notes'))).toBe(false);
    expect(states.get('notes')).toBe(first);
  });

  it('hide the refusals this tab dismissed', () => {
    const states = createDocumentStates();
    const refusal = (seq: number) => ({ seq, action: note('2026-01-01', 'x'), status: 400, message: 'No' });
    const snapshot = {
      view: { notes: {} },
      loaded: true,
      queued: 0,
      status: 'idle',
      refused: [refusal(1), refusal(2)],
    } as unknown as SyncSnapshot<AnyDocument, AnyAction>;
    states.fromClient('notes', snapshot);
    expect(states.get('notes')?.refused.map((r) => r.seq)).toEqual([1, 2]);
    states.dismiss('notes', 1);
    expect(states.fromClient('notes', snapshot)).toBe(true);
    expect(states.get('notes')?.refused.map((r) => r.seq)).toEqual([2]);
  });
});
