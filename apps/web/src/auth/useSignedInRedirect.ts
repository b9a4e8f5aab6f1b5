import { useLocation } from 'react-router';
import type { LoginRedirectState } from './RequireSignedIn';

/** Where to go after signing in: back to the signed-in page that sent us here, else /plan. */
export function useAfterLoginPath(): string {
  const state = useLocation().state as LoginRedirectState | null;
  const from = state?.from;
  return from && from.startsWith('/') && !from.startsWith('//') ? from : '/plan';
}
