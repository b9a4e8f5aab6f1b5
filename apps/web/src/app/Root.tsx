import { StrictMode } from 'react';
import { ShellProvider } from '../ui';
import { ToastProvider } from '../ui';
import { App } from './App';

/**
 * The whole app inside whichever router the caller gives it: the browser's in `main.tsx`, a static
 * one when the build prerenders the public pages (`prerender.tsx`). Both must draw the same tree,
 * or hydration would throw the prerendered markup away.
 */
export function Root() {
  return (
    <StrictMode>
      <ShellProvider>
        <ToastProvider>
          <App />
        </ToastProvider>
      </ShellProvider>
    </StrictMode>
  );
}
