import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageSkeleton } from '../shell';
import { Layout } from './Layout';
import { isSignedInPath } from './paths';
import { ROUTES } from './routes';

type Page = LazyExoticComponent<ComponentType> & { preload: () => void };

/** `lazy()` for a module's named export; `preload()` starts fetching its chunk before it renders. */
function page<M>(load: () => Promise<M>, name: keyof M): Page {
  const component = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return Object.assign(component, { preload: () => void load() });
}

/**
 * Every route of docs/BEHAVIOUR.md §2 and the page that draws it. Every page is loaded lazily, the
 * landing page too: the signed-in pages' entry script carries none of it, and `/` comes
 * prerendered with its chunk and stylesheet linked in the head (app/prerender.tsx).
 */
const LandingPage = page(() => import('../landing/LandingPage'), 'LandingPage');
const PAGES: Record<string, Page> = {
  '/plan': page(() => import('../planner/PlanPage'), 'PlanPage'),
  '/recipes': page(() => import('../planner/PlanPage'), 'RecipesPage'),
  '/agenda': page(() => import('../planner/PlanPage'), 'AgendaPage'),
  '/groceries': page(() => import('../groceries/GroceriesPage'), 'GroceriesRoute'),
  '/discover': page(() => import('../discover/DiscoverPage'), 'DiscoverPage'),
  '/settings': page(() => import('../settings/SettingsPages'), 'SettingsIndexPage'),
  '/settings/profile': page(() => import('../settings/SettingsPages'), 'ProfileSettingsPage'),
  '/settings/chrome-extension': page(
    () => import('../settings/SettingsPages'),
    'ChromeExtensionSettingsPage',
  ),
  '/change-password': page(() => import('../settings/ChangePasswordPage'), 'ChangePasswordPage'),
  '/invitations/coplanner': page(() => import('../auth/CoplannerInvitationPage'), 'CoplannerInvitationPage'),
  '/login': page(() => import('../auth/LoginPage'), 'LoginPage'),
  '/logout': page(() => import('../auth/LogoutPage'), 'LogoutPage'),
  '/reset-password': page(() => import('../auth/ResetPasswordPage'), 'ResetPasswordPage'),
  '/set-password/:email/:otp': page(() => import('../auth/SetPasswordPage'), 'SetPasswordPage'),
  '/register': page(() => import('../auth/RegisterPage'), 'RegisterPage'),
  '/authorize-chrome-extension': page(
    () => import('../auth/AuthorizeExtensionPage'),
    'AuthorizeExtensionPage',
  ),
  '/legal/privacy': page(() => import('../legal/PrivacyPage'), 'PrivacyPage'),
  '/legal/terms-of-service': page(() => import('../legal/TermsPage'), 'TermsPage'),
};

const loadGate = () => import('../auth/RequireSignedIn');
const RequireSignedIn = Object.assign(
  lazy(async () => ({ default: (await loadGate()).RequireSignedIn })),
  { preload: () => void loadGate() },
);

// A signed-in page opened directly fetches the gate's chunk and its own at once, in parallel with
// the user query, instead of one after the other as each renders (docs/ARCHITECTURE.md "Serving
// the web app").
if (typeof window !== 'undefined' && isSignedInPath(window.location.pathname)) {
  RequireSignedIn.preload();
  PAGES[window.location.pathname]?.preload();
} else if (typeof window !== 'undefined' && window.location.pathname === '/') {
  LandingPage.preload();
}

function routeElements(signedIn: boolean) {
  return ROUTES.filter((r) => r.signedIn === signedIn).map((route) => {
    const Page = PAGES[route.path];
    if (!Page) throw new Error(`No page for ${route.path}`);
    return <Route key={route.path} path={route.path} element={<Page />} />;
  });
}

/** The route tree: public pages, the signed-in gate, and the catch-all back to '/'. */
export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<LandingPage />} />
        {routeElements(false)}
        <Route element={<RequireSignedIn loading={<PageSkeleton />} />}>{routeElements(true)}</Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
