import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '../api';
import { AuthLayout } from './AuthLayout';
import { sessionChanged } from '../account';

/** /logout: ends the session on the server, forgets the user here, then shows the login page. */
export function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      await authApi.logout();
      await sessionChanged(false);
      navigate('/login', { replace: true });
    })();
  }, [navigate]);

  return (
    <AuthLayout title="Logging out…">
      <p aria-busy="true">See you soon.</p>
    </AuthLayout>
  );
}
