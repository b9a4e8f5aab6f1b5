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

/** The prerendered paths and the module of each page (its chunk and CSS are preloaded). */
export const PRERENDERED_PAGES: Record<string, string | null> = {
  '/': 'src/landing/LandingPage.tsx',
  '/login': 'src/auth/LoginPage.tsx',
  '/register': 'src/auth/RegisterPage.tsx',
  '/legal/privacy': 'src/legal/PrivacyPage.tsx',
  '/legal/terms-of-service': 'src/legal/TermsPage.tsx',
};

/** The modules every signed-in shell loads first: the signed-in gate and the navigation. */
export const SHELL_MODULES = ['src/auth/RequireSignedIn.tsx', 'src/shell/SessionNav.tsx'];

/** The signed-in routes given a prerendered shell, and the module of each page (as above). */
export const SIGNED_IN_SHELLS: Record<string, string> = {
  '/plan': 'src/planner/PlanPage.tsx',
  '/recipes': 'src/planner/PlanPage.tsx',
  '/agenda': 'src/planner/PlanPage.tsx',
  '/groceries': 'src/groceries/GroceriesPage.tsx',
  '/discover': 'src/discover/DiscoverPage.tsx',
  '/settings': 'src/settings/SettingsPages.tsx',
  '/settings/profile': 'src/settings/SettingsPages.tsx',
  '/settings/chrome-extension': 'src/settings/SettingsPages.tsx',
  '/change-password': 'src/settings/ChangePasswordPage.tsx',
  '/invitations/coplanner': 'src/auth/CoplannerInvitationPage.tsx',
};

/** The markup of `#root` for one path, with every lazy page resolved. */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StaticRouter location={path}>
      <Root signedInShell={isSignedInPath(path)} />
    </StaticRouter>,
  );
  return new Response(prelude).text();
}
