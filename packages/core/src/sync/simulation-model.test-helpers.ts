/**
 * The small document the sync simulation edits, chosen so that a lost or doubled action shows:
 * counters (a lost or repeated increment changes the sum), append-only lists (order matters, so the
 * actions do not commute), a last-writer-wins field, and deletion (later actions on a deleted item
 * no longer apply and must be dropped, not block the queue).
 */

import type { SeededRandom, SimulationModel } from './simulation.test-helpers.js';

/** An entity of the test document. */
export interface SimItem {
  title: string;
  count: number;
  entries: string[];
}

/** The test document: a global counter and journal, and items keyed by id. */
export interface SimDoc {
  total: number;
  journal: string[];
  items: Record<string, SimItem>;
}

/** The test actions; like the app's, they carry their own ids and may say `pushNow`. */
export type SimAction = { pushNow?: boolean } & (
  | { type: 'bump' }
  | { type: 'note'; entry: string }
  | { type: 'create'; id: string; title: string }
  | { type: 'increment'; id: string }
  | { type: 'append'; id: string; entry: string }
  | { type: 'rename'; id: string; title: string }
  | { type: 'delete'; id: string }
);

/** The empty test document. */
export const emptySimDoc: SimDoc = { total: 0, journal: [], items: {} };

function item(doc: SimDoc, id: string): SimItem {
  const found = doc.items[id];
  if (!found) throw new Error(`Unknown item ${id}`);
  return found;
}

function withItem(doc: SimDoc, id: string, next: SimItem): SimDoc {
  return { ...doc, items: { ...doc.items, [id]: next } };
}

/** The test reducer: pure, and throws when an action does not apply. */
export function reduceSim(doc: SimDoc, action: SimAction): SimDoc {
  switch (action.type) {
    case 'bump':
      return { ...doc, total: doc.total + 1 };
    case 'note':
      return { ...doc, journal: [...doc.journal, action.entry] };
    case 'create':
      if (doc.items[action.id]) throw new Error(`Item ${action.id} exists`);
      return withItem(doc, action.id, { title: action.title, count: 0, entries: [] });
    case 'increment': {
      const current = item(doc, action.id);
      return withItem(doc, action.id, { ...current, count: current.count + 1 });
    }
    case 'append': {
      const current = item(doc, action.id);
      return withItem(doc, action.id, { ...current, entries: [...current.entries, action.entry] });
    }
    case 'rename':
      return withItem(doc, action.id, { ...item(doc, action.id), title: action.title });
    case 'delete': {
      item(doc, action.id);
      const items = { ...doc.items };
      delete items[action.id];
      return { ...doc, items };
    }
    default:
      throw new Error('Action not supported');
  }
}

function randomAction(random: SeededRandom, view: SimDoc, uniqueId: () => string): SimAction {
  const pushNow = random.chance(0.04) ? { pushNow: true } : {};
  const ids = Object.keys(view.items);
  const roll = random.int(100);
  if (roll < 15) return { type: 'bump', ...pushNow };
  if (roll < 25) return { type: 'note', entry: uniqueId(), ...pushNow };
  if (roll < 35 || ids.length < 2) return { type: 'create', id: uniqueId(), title: uniqueId(), ...pushNow };
  const id = random.pick(ids);
  if (roll < 60) return { type: 'increment', id, ...pushNow };
  if (roll < 80) return { type: 'append', id, entry: uniqueId(), ...pushNow };
  if (roll < 93) return { type: 'rename', id, title: uniqueId(), ...pushNow };
  return { type: 'delete', id, ...pushNow };
}

/** Problems with `list` given the entries each client added to it, in that client's order. */
function checkList(where: string, list: readonly string[], added: readonly string[][]): string[] {
  const problems: string[] = [];
  const expected = added.flat();
  const counts = new Map<string, number>();
  for (const entry of list) counts.set(entry, (counts.get(entry) ?? 0) + 1);
  for (const entry of expected)
    if (counts.get(entry) !== 1) problems.push(`${where}: ${entry} appears ${counts.get(entry) ?? 0} times`);
  if (list.length !== expected.length)
    problems.push(`${where}: ${list.length} entries, ${expected.length} were added`);
  for (const [client, entries] of added.entries()) {
    const order = list.filter((entry) => entries.includes(entry));
    if (order.join() !== entries.join()) problems.push(`${where}: client ${client}'s entries out of order`);
  }
  return problems;
}

/**
 * Checks the final document against every action dispatched: each effect present exactly once.
 * Item ids are never reused, so an action dropped on replay always targeted a deleted item.
 */
function verify(doc: SimDoc, dispatched: readonly SimAction[][]): string[] {
  const all = dispatched.flat();
  const problems: string[] = [];
  const bumps = all.filter((a) => a.type === 'bump').length;
  if (doc.total !== bumps) problems.push(`total is ${doc.total}, ${bumps} bumps were dispatched`);
  const notes = dispatched.map((actions) => actions.flatMap((a) => (a.type === 'note' ? [a.entry] : [])));
  problems.push(...checkList('journal', doc.journal, notes));

  const titles = new Map<string, Set<string>>();
  const deleted = new Set<string>();
  for (const a of all) {
    if (a.type === 'create' || a.type === 'rename')
      titles.set(a.id, (titles.get(a.id) ?? new Set()).add(a.title));
    if (a.type === 'delete') deleted.add(a.id);
  }
  const created = new Set(all.flatMap((a) => (a.type === 'create' ? [a.id] : [])));
  const expectedIds = [...created].filter((id) => !deleted.has(id)).sort();
  const actualIds = Object.keys(doc.items).sort();
  if (expectedIds.join() !== actualIds.join())
    problems.push(`items are [${actualIds.join()}], expected [${expectedIds.join()}]`);

  for (const id of actualIds) {
    const current = item(doc, id);
    const increments = all.filter((a) => a.type === 'increment' && a.id === id).length;
    if (current.count !== increments)
      problems.push(`item ${id}: count ${current.count}, ${increments} increments dispatched`);
    const appended = dispatched.map((actions) =>
      actions.flatMap((a) => (a.type === 'append' && a.id === id ? [a.entry] : [])),
    );
    problems.push(...checkList(`item ${id}`, current.entries, appended));
    if (!titles.get(id)?.has(current.title)) problems.push(`item ${id}: title ${current.title} never set`);
  }
  return problems;
}

/** The simulation model over `SimDoc`, for `runSimulation`. */
export const simModel: SimulationModel<SimDoc, SimAction> = {
  emptyDoc: emptySimDoc,
  reduce: reduceSim,
  randomAction,
  verify,
};
