import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../api';
import { CheckIcon } from '../ui';
import { ExtensionIcon } from '../ui';
import { AuthLayout, FormAlert } from './AuthLayout';
import { LoginForm } from './LoginForm';
import { AUTH_MESSAGES } from './messages';
import { sendTokenToExtension } from './extension-message';

/**
 * docs/BEHAVIOUR.md §4's states: 0 authorizing (first try), 1 login needed, 2 authorizing (after login),
 * 3 success, 4 failure.
 */
export type ExtensionAuthState = 0 | 1 | 2 | 3 | 4;

/** The state an answer of GET /api/auth/chrome-extension-token leads to. */
export function nextExtensionState(status: number): ExtensionAuthState {
  if (status === 200) return 3;
  if (status === 401) return 1;
  return 4;
}

/** /authorize-chrome-extension: gets the extension token and passes it to the extension. */
export function AuthorizeExtensionPage() {
  const [params] = useSearchParams();
  const extensionId = params.get('extensionId');
  const [state, setState] = useState<ExtensionAuthState>(0);
  /** Whether an extension said it kept the token (null while waiting for its answer). */
  const [received, setReceived] = useState<boolean | null>(null);
  const started = useRef(false);

  const authorize = useCallback(async () => {
    const result = await authApi.chromeExtensionToken();
    const next = nextExtensionState(result.ok ? 200 : result.status);
    if (result.ok && next === 3) {
      setReceived(await sendTokenToExtension(result.data.trim(), extensionId));
    }
    setState(next);
  }, [extensionId]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void authorize();
  }, [authorize]);

  if (state === 1) {
    return (
      <AuthLayout
        title="Log in to connect the extension"
        intro="The recipe scanner saves recipes to your account."
      >
        <LoginForm
          onSignedIn={() => {
            setState(2);
            void authorize();
          }}
        />
      </AuthLayout>
    );
  }
  if (state === 3 && received) {
    return (
      <AuthLayout title="Recipe scanner connected">
        <div className="invitation-badge invitation-badge--done" aria-hidden="true">
          <CheckIcon width={40} height={40} />
        </div>
        <p>The Mealplan extension can now save recipes to your Test Kitchen. You can close this tab.</p>
      </AuthLayout>
    );
  }
  if (state === 3) {
    // The token was issued, but no extension in this browser took it.
    return (
      <AuthLayout title="No recipe scanner answered">
        <div className="invitation-badge" aria-hidden="true">
          <ExtensionIcon width={40} height={40} />
        </div>
        <p>
          Your account is ready for the recipe scanner, but no Mealplan extension in this browser answered.
          Install it as <Link to="/settings/chrome-extension">Settings › Chrome Extension</Link> explains,
          enter <strong>{window.location.origin}</strong> as the server address in its settings, and send a
          recipe from it: it connects from there.
        </p>
      </AuthLayout>
    );
  }
  if (state === 4) {
    return (
      <AuthLayout title="Connect the recipe scanner">
        <FormAlert>{AUTH_MESSAGES.extensionFailed}</FormAlert>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Connecting the recipe scanner…">
      <div className="invitation-badge" aria-hidden="true">
        <ExtensionIcon width={40} height={40} />
      </div>
      <p aria-busy="true">Authorizing the Mealplan extension.</p>
    </AuthLayout>
  );
}
