/**
 * Build-time rendering of the public pages (run by the prerender plugin in `vite.config.ts`, in
 * Node): a visitor's browser paints the landing or sign-in page from the HTML alone, before any
 * script has arrived, and `main.tsx` hydrates it. Only pages that look the same for everyone and
 * need no data are listed; every other path gets the empty shell and renders in the browser.
 *
 * The signed-in routes are rendered too, as they look while the user is not known yet: the header,
 * the navigation and the page's skeleton (shell/PageSkeleton.tsx), the same for every user. The
 * server sends them to requests with a session only (docs/ARCHITECTURE.md "The signed-in shell").
 */
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { isSignedInPath, pageTitle } from './paths';
import { Root } from './Root';

export { pageTitle };

export { PRERENDERED_PAGES, SHELL_MODULES, SIGNED_IN_SHELLS } from './prerender-pages';

/** The markup of `#root` for one path, with every lazy page resolved. */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StaticRouter location={path}>
      <Root signedInShell={isSignedInPath(path)} />
    </StaticRouter>,
  );
  return new Response(prelude).text();
}
