import { StrictMode } from 'react';
import { ShellProvider } from '../ui';
import { ToastProvider } from '../ui';
import { App } from './App';

/**
 * The whole app inside whichever router the caller gives it: the browser's in `main.tsx`, a static
 * one when the build prerenders the public pages (`prerender.tsx`). Both must draw the same tree,
 * or hydration would throw the prerendered markup away. `signedInShell`: the page starts on a
 * signed-in route (ui/ShellContext.tsx).
 */
export function Root({ signedInShell = false }: { signedInShell?: boolean }) {
  return (
    <StrictMode>
      <ShellProvider signedInShell={signedInShell}>
        <ToastProvider>
          <App />
        </ToastProvider>
      </ShellProvider>
    </StrictMode>
  );
}
