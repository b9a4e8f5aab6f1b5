/**
 * Build-time rendering of the public pages (run by the prerender plugin in `vite.config.ts`, in
 * Node): a visitor's browser paints the landing or sign-in page from the HTML alone, before any
 * script has arrived, and `main.tsx` hydrates it. Only pages that look the same for everyone and
 * need no data are listed; every other path gets the empty shell and renders in the browser.
 */
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { pageTitle } from './paths';
import { Root } from './Root';

export { pageTitle };

/** The prerendered paths and the module of each page (its chunk and CSS are preloaded). */
export const PRERENDERED_PAGES: Record<string, string | null> = {
  '/': null, // the landing page is part of the main chunk
  '/login': 'src/auth/LoginPage.tsx',
  '/register': 'src/auth/RegisterPage.tsx',
  '/legal/privacy': 'src/legal/PrivacyPage.tsx',
  '/legal/terms-of-service': 'src/legal/TermsPage.tsx',
};

/** The markup of `#root` for one path, with every lazy page resolved. */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StaticRouter location={path}>
      <Root />
    </StaticRouter>,
  );
  return new Response(prelude).text();
}
