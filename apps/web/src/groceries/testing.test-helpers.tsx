/**
 * Rendering the Groceries page over an in-memory data store, with a groceries document built by
 * core's own actions (so fixtures obey the same invariants as real documents).
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  DEFAULT_STORE_ID,
  emptyDocument,
  groceriesReducer,
  groceryActions,
  type ActionEnv,
  type DocumentAction,
  type GroceriesAction,
  type GroceriesDocument,
  type PlanName,
} from '@mealplan/core';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Me } from '../api/types';
import { ME_KEY } from '../account/useCurrentUser';
import { DataStoreContext } from '../data/hooks';
import type { DataStore } from '../data/store';
import { createTestDataStore } from '../data/test-store.test-helpers';
import { ShellProvider } from '../ui/ShellContext';
import { ToastProvider } from '../ui/Toasts';
import { GroceriesRoute } from './GroceriesPage';

/** Predictable ids: `id1`, `id2`, ... */
export function testEnv(prefix = 'id'): ActionEnv {
  let next = 0;
  return { newId: () => `${prefix}${++next}`, now: () => new Date('2025-03-10T12:00:00Z') };
}

/** Builds a document from actions made by `steps`, each getting the document so far. */
export function buildGroceries(
  ...steps: ((doc: GroceriesDocument, env: ActionEnv) => GroceriesAction)[]
): GroceriesDocument {
  const env = testEnv('fx');
  let doc = emptyDocument('groceries');
  for (const step of steps) doc = groceriesReducer(doc, step(doc, env));
  return doc;
}

/** The default store's main aisle id. */
export function mainAisleId(doc: GroceriesDocument, storeId = DEFAULT_STORE_ID): string {
  return doc.stores[storeId]!.mainAisleId;
}

/** Adds an item by name to the aisle called `aisleName` (or Main) of the default store. */
export function addItem(name: string, aisleName?: string) {
  return (doc: GroceriesDocument, env: ActionEnv): GroceriesAction => {
    const store = doc.stores[DEFAULT_STORE_ID]!;
    const aisle = aisleName
      ? Object.values(store.aisles).find((candidate) => candidate.name === aisleName)!
      : store.aisles[store.mainAisleId]!;
    return groceryActions.addItem(aisle.id, name, env);
  };
}

/** Adds an aisle to the default store. */
export function addAisle(name: string) {
  return (_doc: GroceriesDocument, env: ActionEnv): GroceriesAction =>
    groceryActions.addAisle(DEFAULT_STORE_ID, name, env);
}

/** The id of the item called `name`, wherever it is. */
export function itemId(doc: GroceriesDocument, name: string): string {
  for (const store of Object.values(doc.stores)) {
    for (const aisle of Object.values(store.aisles)) {
      for (const item of Object.values(aisle.ingredients)) if (item.name === name) return item.id;
    }
  }
  throw new Error(`No item ${name}`);
}

/** Acts on an item by name. */
export function onItem(name: string, make: (id: string, env: ActionEnv) => GroceriesAction) {
  return (doc: GroceriesDocument, env: ActionEnv): GroceriesAction => make(itemId(doc, name), env);
}

export interface RenderedPage {
  store: DataStore;
  dispatched: DocumentAction[];
  doc: () => GroceriesDocument;
  unmount: () => void;
}

/** The signed-in user on `plan`, as GET /api/me answers. */
export function signedInUser(plan: PlanName): Me {
  return {
    id: 'u1',
    email: 'sam@example.org',
    firstName: 'Sam',
    lastName: 'Shopper',
    tenantName: 'Shopper',
    plan,
    following: [],
    followers: [],
  };
}

/**
 * Renders the /groceries route over `doc` for a user on `plan` (what /api/me told);
 * `dispatched` records every action the page sent.
 */
export function renderGroceries(
  doc: GroceriesDocument = emptyDocument('groceries'),
  plan: PlanName = 'pro',
): RenderedPage {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(ME_KEY, signedInUser(plan));
  const { store } = createTestDataStore({ groceries: doc });
  const dispatched: DocumentAction[] = [];
  const dispatch = store.dispatch;
  store.dispatch = (...actions) => {
    dispatched.push(...actions);
    dispatch(...actions);
  };
  const { unmount } = render(
    <QueryClientProvider client={queryClient}>
      <ShellProvider>
        <ToastProvider>
          <DataStoreContext.Provider value={store}>
            <GroceriesRoute />
          </DataStoreContext.Provider>
        </ToastProvider>
      </ShellProvider>
    </QueryClientProvider>,
  );
  return { store, dispatched, doc: () => store.get('groceries').doc, unmount };
}

/** The card of the aisle called `name`. */
export function aisleCard(name: string): HTMLElement {
  return screen.getByRole('region', { name: new RegExp(`^${name}\\b`) });
}

/** Rows of an aisle card, in order, as their visible text. */
export function rowTexts(card: HTMLElement): string[] {
  return within(card)
    .getAllByRole('listitem')
    .map((row) => row.textContent ?? '');
}

/** The toast's text. */
export function toastText(): string {
  return screen.getAllByRole('status').at(-1)?.textContent ?? '';
}

/** Per-test isolation: clean DOM and storage; a `<dialog>` that jsdom lacks. */
export function useGroceriesTestSetup(): void {
  // Typing with user-event on a loaded CI machine can take seconds per test.
  vi.setConfig({ testTimeout: 20_000 });
  beforeAll(() => {
    const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
    proto.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    proto.close ??= function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
}
