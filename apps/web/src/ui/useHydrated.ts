import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates a page the build prerendered (app/prerender.tsx), true once the page
 * is live and on every render in the browser after that. Forms use it to keep their submit button
 * disabled until their handlers are attached: a native submit would put the password in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
