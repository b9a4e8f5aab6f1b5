// @vitest-environment jsdom
import { emptyDocument, type DocumentKind } from '@mealplan/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShellProvider } from '../ui';
import { DataProvider } from './DataProvider';
import { DOCUMENTS_WAIT_MS } from './first-render';
import type { EarlyDocuments } from './early-documents';
import type { DataSession } from './session';
import type { DataStore, DocumentState } from './store';

/** A store whose documents load when the test says so. */
function fakeStore() {
  const listeners = new Set<() => void>();
  const states = new Map<DocumentKind, DocumentState<DocumentKind>>();
  const state = (kind: DocumentKind, loaded: boolean, failure?: string): DocumentState<DocumentKind> => ({
    doc: emptyDocument(kind),
    loaded,
    queued: 0,
    status: failure ? 'retrying' : loaded ? 'idle' : 'syncing',
    failure,
    refused: [],
  });
  const store: DataStore = {
    get: <K extends DocumentKind>(kind: K) => (states.get(kind) ?? state(kind, false)) as DocumentState<K>,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch: () => undefined,
  };
  const set = (kind: DocumentKind, loaded: boolean, failure?: string) => {
    states.set(kind, state(kind, loaded, failure));
    for (const listener of [...listeners]) listener();
  };
  return { store, set };
}

const opened = vi.hoisted(() => ({ session: undefined as unknown }));
vi.mock('./session-registry', () => ({
  openSessionFor: () => Promise.resolve(opened.session),
  runningSessionFor: () => undefined,
  retainSession: () => () => undefined,
  releaseHeld: () => undefined,
}));
vi.mock('./SyncStatus', () => ({ SyncStatus: () => null }));
vi.mock('./ReplacedPlans', () => ({ ReplacedPlans: () => null }));

/** The documents' early answers, all here (`inHand`) unless said otherwise. */
function early(inHand = true): EarlyDocuments {
  return { take: () => undefined, discard: () => undefined, inHand: () => inHand };
}

function renderProvider(store: DataStore, answers: EarlyDocuments | undefined = early()) {
  opened.session = { store, early: answers } as Partial<DataSession>;
  render(
    <ShellProvider>
      <QueryClientProvider client={new QueryClient()}>
        <DataProvider user={{ id: 'u1' }} loading={<p>skeleton</p>}>
          <p>the page</p>
        </DataProvider>
      </QueryClientProvider>
    </ShellProvider>,
  );
}

/** Lets the session's promise and React's background render run. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DataProvider', () => {
  it('draws the page once the documents are in the store when their answers are here, not before', async () => {
    const { store, set } = fakeStore();
    renderProvider(store);
    await settle();
    // The session is open, but a first render now would have the documents arrive in its middle.
    expect(screen.getByText('skeleton')).toBeTruthy();
    expect(screen.queryByText('the page')).toBeNull();
    act(() => {
      set('agenda', true);
      set('recipes', true);
      set('notes', true);
    });
    await settle();
    expect(screen.queryByText('the page')).toBeNull();
    act(() => set('groceries', true));
    await settle();
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('skeleton')).toBeNull();
  });

  it('draws the page at once while an answer is still on its way (a large account), as before', async () => {
    const { store } = fakeStore();
    renderProvider(store, early(false));
    await settle();
    expect(screen.getByText('the page')).toBeTruthy();
  });

  it('draws the page once a document cannot be fetched (offline), with what is stored', async () => {
    const { store, set } = fakeStore();
    set('agenda', true);
    set('recipes', true);
    set('notes', true);
    renderProvider(store);
    await settle();
    expect(screen.queryByText('the page')).toBeNull();
    act(() => set('groceries', false, 'offline'));
    await settle();
    expect(screen.getByText('the page')).toBeTruthy();
  });

  it('does not wait for the documents for long: a slow answer does not keep the page away', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { store } = fakeStore();
    renderProvider(store);
    await act(() => vi.advanceTimersByTimeAsync(DOCUMENTS_WAIT_MS - 100));
    expect(screen.queryByText('the page')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByText('the page')).toBeTruthy();
  });
});
