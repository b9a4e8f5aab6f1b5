/**
 * Shared set-up for the plan screens' component tests: jsdom lacks <dialog> methods and layout, so
 * they are stubbed; `renderPlan` wraps a screen in the providers the app gives it, with an
 * in-memory data store and a signed-in user.
 */
import {
  agendaActions,
  emptyDocument,
  reduceDocument,
  recipeActions,
  type AgendaDocument,
  type DocumentKind,
  type DocumentOf,
  type RecipeFields,
  type RecipesDocument,
} from '@mealplan/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Me } from '../api/types';
import { ME_KEY } from '../account/useCurrentUser';
import { DataStoreContext } from '../data/hooks';
import type { DataStore } from '../data/store';
import { createTestDataStore } from '../data/test-store.test-helpers';
import { ShellProvider } from '../ui/ShellContext';
import { ToastProvider } from '../ui/Toasts';
import { PlanModalsProvider } from '../plan/PlanModals';
import { PlanModalView } from './PlanModalViews';

/** Gives jsdom what the plan's components need: dialogs, element sizes and a ResizeObserver. */
export function installDomStubs(viewportHeight = 600): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __stubbed?: boolean };
  if (!proto.__stubbed) {
    proto.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    proto.close = function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
    proto.__stubbed = true;
  }
  // The virtualised lists measure their scroll container; give every element a viewport's height.
  Element.prototype.getBoundingClientRect = function getBoundingClientRect() {
    return {
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      bottom: viewportHeight,
      right: 800,
      width: 800,
      height: viewportHeight,
      toJSON: () => ({}),
    };
  };
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get: () => viewportHeight,
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => viewportHeight,
  });
}

/** The signed-in user of the tests, following Grace (approved) and someone pending. */
export const ME: Me = {
  id: 'me',
  email: 'ada@example.org',
  firstName: 'Ada',
  lastName: 'Lovelace',
  tenantName: 'Lovelace',
  plan: 'free',
  following: [
    {
      id: 'f1',
      userId: 'grace',
      tenantId: 't2',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.org',
      isApproved: true,
    },
    {
      id: 'f2',
      userId: 'jo',
      tenantId: 't3',
      firstName: '',
      lastName: '',
      email: 'jonathan.smith@example.org',
      isApproved: true,
    },
    {
      id: 'f3',
      userId: 'pat',
      tenantId: 't4',
      firstName: 'Pat',
      lastName: '',
      email: 'pat@example.org',
      isApproved: false,
    },
  ],
  followers: [],
};

let counter = 0;
/** A deterministic env for building test documents. */
export const testEnv = { newId: () => `id-${++counter}`, now: () => new Date('2025-03-10T12:00:00Z') };

/** An agenda document holding `days` (each stamped by `testEnv`). */
export function agendaWith(...days: Parameters<typeof agendaActions.updateDay>[0][]): AgendaDocument {
  return days.reduce(
    (doc, day) => reduceDocument('agenda', doc, agendaActions.updateDay(day, testEnv)),
    emptyDocument('agenda'),
  );
}

/** A recipes document holding `recipes` (plus the default categories). */
export function recipesDoc(...recipes: (RecipeFields & { id?: string })[]): RecipesDocument {
  let doc = emptyDocument('recipes');
  for (const { id, ...fields } of recipes) {
    const action = recipeActions.add(fields, testEnv);
    if (id) action.recipe.id = id;
    doc = reduceDocument('recipes', doc, action);
  }
  return doc;
}

/** A recipes document with `count` Test Kitchen recipes, built directly (5,000 ADDs would take long). */
export function manyRecipesDoc(count: number): RecipesDocument {
  const doc = emptyDocument('recipes');
  const recipes: RecipesDocument['recipes'] = {};
  for (let i = 0; i < count; i++) {
    const id = `r${i}`;
    recipes[id] = {
      id,
      name: `Recipe ${i}`,
      mealType: 'dinner',
      inCookbook: false,
      ingredients: [],
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
      madeOn: [],
      count: 0,
    };
  }
  return { ...doc, recipes };
}

/** Renders `ui` inside the app's providers; returns the store to read documents back. */
export function renderPlan(
  ui: ReactNode,
  {
    docs = {},
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }),
    store = createTestDataStore(docs).store,
  }: {
    docs?: Partial<{ [K in DocumentKind]: DocumentOf<K> }>;
    queryClient?: QueryClient;
    store?: DataStore;
  } = {},
) {
  queryClient.setQueryData(ME_KEY, ME);
  const result = render(
    <MemoryRouter>
      <ShellProvider>
        <ToastProvider>
          <QueryClientProvider client={queryClient}>
            <DataStoreContext.Provider value={store}>
              <PlanModalsProvider View={PlanModalView}>{ui}</PlanModalsProvider>
            </DataStoreContext.Provider>
          </QueryClientProvider>
        </ToastProvider>
      </ShellProvider>
    </MemoryRouter>,
  );
  return { ...result, store, queryClient };
}
