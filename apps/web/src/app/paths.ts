import { matchPath } from 'react-router';
import { ROUTES } from './routes';

const SIGNED_IN = ROUTES.filter((r) => r.signedIn).map((r) => r.path);

/** Whether `pathname` is one of the signed-in routes of docs/BEHAVIOUR.md §2. */
export function isSignedInPath(pathname: string): boolean {
  return SIGNED_IN.some((path) => matchPath({ path, end: true }, pathname) !== null);
}

/** The brand, alone on the landing page and after each page's own title elsewhere. */
export const APP_NAME = 'Mealplan';

/** The document title for `pathname`: 'Login · Mealplan', or just 'Mealplan' for '/' and unknown paths. */
export function pageTitle(pathname: string): string {
  const route = ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname) !== null);
  return route ? `${route.title} · ${APP_NAME}` : APP_NAME;
}
