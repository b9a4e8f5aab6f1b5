import { setSessionHint } from './session-hint';

/**
 * After login, register, set-password or logout: records the new state and drops the cached
 * user so the next reader asks the server. react-query is loaded only when it is needed.
 */
export async function sessionChanged(signedIn: boolean): Promise<void> {
  setSessionHint(signedIn);
  const { resetCurrentUser } = await import('./useCurrentUser');
  resetCurrentUser(signedIn);
}
