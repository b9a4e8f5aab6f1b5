import type { DocumentAction, DocumentKind } from '@mealplan/core';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { DataStore, DocumentState } from './store';

/** The app's data store; `DataProvider`-style wrappers set it, screens read it through the hooks. */
export const DataStoreContext = createContext<DataStore | null>(null);

function useStore(): DataStore {
  const store = useContext(DataStoreContext);
  if (!store) throw new Error('useDocument/useDispatch need a DataStoreContext provider');
  return store;
}

/** One of the signed-in account's documents, re-rendering when it changes. */
export function useDocument<K extends DocumentKind>(kind: K): DocumentState<K> {
  const store = useStore();
  const get = useCallback(() => store.get(kind), [store, kind]);
  return useSyncExternalStore(store.subscribe, get, get);
}

/** Applies actions locally at once and queues them for the server (see `DataStore.dispatch`). */
export function useDispatch(): (...actions: DocumentAction[]) => void {
  const store = useStore();
  return store.dispatch;
}
