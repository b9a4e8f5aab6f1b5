/**
 * The pages the web build prerenders, and the modules of each, as plain data: read by
 * `prerender.tsx` (which renders them) and by `vite.config.ts` (which links their chunks and groups
 * the signed-in pages' code into a few chunks; docs/ARCHITECTURE.md "The signed-in shell").
 */

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
