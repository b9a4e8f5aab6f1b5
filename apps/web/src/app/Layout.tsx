import { lazy, Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useSessionHint } from '../account';
import { LoginLink, PageSkeleton } from '../shell';
import { useFooterVisible, useHideFooter, useIsModalOpen } from '../ui';
import { ErrorBoundary } from '../ui';
import { isSignedInPath, pageTitle } from './paths';

const SignedInNav = lazy(() => import('../shell/SessionNav').then((m) => ({ default: m.SignedInNav })));
const BottomNav = lazy(() => import('../shell/SessionNav').then((m) => ({ default: m.BottomNav })));

/** The pages drawn in the plan's wider frame (plan/plan.css), which `main` takes before they arrive. */
const PLAN_FRAME_PATHS = new Set(['/plan', '/recipes', '/agenda']);

/**
 * The page frame of docs/BEHAVIOUR.md §2: top navigation (forced on for public pages; on phones signed-in
 * pages use the bottom navigation instead), the page, the footer, the bottom navigation.
 */
export function Layout() {
  const { pathname } = useLocation();
  const signedInRoute = isSignedInPath(pathname);
  const hint = useSessionHint();
  const withSession = signedInRoute || hint;
  const footerVisible = useFooterVisible();
  const modalOpen = useIsModalOpen();
  // Each page names itself in the tab and for screen readers (prerendered pages come with it).
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);

  return (
    <div className={`app${withSession ? ' app--session' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={`topnav${signedInRoute ? '' : ' topnav--forced'}`}>
        <Link to={withSession ? '/plan' : '/'} className="brand">
          <BrandMark />
          Mealplan <span className="beta">beta</span>
        </Link>
        <nav aria-label="Main" className="topnav-links">
          {withSession ? (
            <Suspense fallback={null}>
              <SignedInNav optimistic={signedInRoute} />
            </Suspense>
          ) : (
            <LoginLink />
          )}
        </nav>
      </header>
      <main id="main" className={PLAN_FRAME_PATHS.has(pathname) ? 'page page--plan' : 'page'} tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={signedInRoute ? <PageSkeleton /> : <PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {footerVisible && (
        <footer className="footer">
          {/* The year in prerendered pages is the build's; the browser's may be newer. */}
          <span suppressHydrationWarning>© {new Date().getFullYear()} Mealplan</span>
          <Link to="/legal/terms-of-service">Terms of Service</Link>
          <Link to="/legal/privacy">Privacy Policy</Link>
        </footer>
      )}
      {withSession && !modalOpen && (
        <Suspense fallback={null}>
          <BottomNav optimistic={signedInRoute} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * A page whose code is still on its way. The footer waits for the page: drawn under this empty
 * block, it would paint first and then be pushed down by the page (a layout shift).
 */
function PageLoading() {
  useHideFooter();
  return <div className="page-loading" aria-busy="true" />;
}

/** The brand's little plate-and-leaf mark. */
function BrandMark() {
  return (
    <svg
      className="brand-mark"
      viewBox="0 0 32 32"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="16" cy="16" r="15" fill="var(--green)" />
      <circle cx="16" cy="16" r="9.5" fill="none" stroke="#fff" strokeWidth="2" opacity="0.9" />
      <path d="M13 20c0-5 3-8 8-9-1 5-3.5 8-8 9z" fill="#cde8c4" />
    </svg>
  );
}
