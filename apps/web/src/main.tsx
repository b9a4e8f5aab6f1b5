import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { isSignedInPath } from './app/paths';
import { Root } from './app/Root';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const app = (
  <BrowserRouter>
    <Root signedInShell={isSignedInPath(window.location.pathname)} />
  </BrowserRouter>
);
// The first render runs as a transition, so React renders it in slices of a few milliseconds and
// yields to the browser between them: a phone's main thread is never blocked for long while the
// page starts (Lighthouse's Total Blocking Time), at the cost of nothing visible. Public pages and,
// for a signed-in request, the signed-in pages' shell (docs/ARCHITECTURE.md "The signed-in shell")
// come prerendered by the build (app/prerender.tsx) and are hydrated; the rest render from scratch.
startTransition(() => {
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
