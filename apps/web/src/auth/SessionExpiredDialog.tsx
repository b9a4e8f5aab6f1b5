/**
 * 'Your session ended — sign in again' over the current page (docs/SYNC.md "When the session ends").
 * Signing in here keeps the page and any open form exactly as they were, and pushes what was kept
 * on this device meanwhile. It signs in the same account only: changes kept here belong to it, and
 * must never be pushed into someone else's. 'Sign in as someone else' signs out instead.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { authApi } from '../api';
import { runningSessionFor } from '../data';
import { unsavedChanges, unsavedQuestion } from '../data';
import { Modal } from '../ui';
import { TextField } from '../ui';
import { FormAlert } from './AuthLayout';
import { AUTH_MESSAGES } from './messages';
import { queryClient } from '../account';
import { sessionRestored } from '../account';
import { setSessionHint } from '../account';
import { ME_KEY } from '../account';
import { passwordRules } from './validation';

export const SESSION_ENDED_TITLE = 'Your session ended — sign in again';

export function SessionExpiredDialog({ user }: { user: { id: string; email: string } }) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const session = runningSessionFor(user.id);
  const unsaved = session ? unsavedChanges(session.store) : 0;

  const onSubmit = handleSubmit(async ({ password }) => {
    const result = await authApi.login({ email: user.email, password });
    if (!result.ok) {
      setError('root', {
        message: result.status === 403 ? AUTH_MESSAGES.loginInvalid : AUTH_MESSAGES.loginFailed,
      });
      return;
    }
    setSessionHint(true);
    sessionRestored();
    // The same user again: refresh it in the background (the page stays), then push what waited.
    void queryClient.invalidateQueries({ queryKey: ME_KEY });
    void runningSessionFor(user.id)?.flushNow();
  });

  const signOut = () => {
    if (unsaved > 0 && !leaving) {
      setLeaving(true);
      return;
    }
    sessionRestored();
    void navigate('/logout');
  };

  return (
    <Modal
      open
      onClose={() => undefined}
      dismissible={false}
      title={SESSION_ENDED_TITLE}
      className="session-dialog"
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="modal-intro">
          Sign in again to go on where you were. Nothing you did is lost: it is kept on this device and saved
          as soon as you are signed in.
        </p>
        {errors.root?.message && <FormAlert>{errors.root.message}</FormAlert>}
        <TextField label="Email" type="email" value={user.email} readOnly autoComplete="username" />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus
          error={errors.password?.message}
          {...register('password', passwordRules)}
        />
        <button type="submit" className="button primary block" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </button>
        {leaving && <FormAlert>{unsavedQuestion(unsaved)}</FormAlert>}
        <button type="button" className="button ghost block" onClick={signOut}>
          {leaving ? 'Sign out anyway' : 'Sign in as someone else'}
        </button>
      </form>
    </Modal>
  );
}
