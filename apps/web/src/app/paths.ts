import { matchPath } from 'react-router';
import { ROUTES } from './routes';

const SIGNED_IN = ROUTES.filter((r) => r.signedIn).map((r) => r.path);

/** Whether `pathname` is one of the signed-in routes of SPEC §2. */
export function isSignedInPath(pathname: string): boolean {
  return SIGNED_IN.some((path) => matchPath({ path, end: true }, pathname) !== null);
}
