import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useHydrated } from '../ui';
import { authApi, type Credentials } from '../api';
import { TextField } from '../ui';
import { FormAlert } from './AuthLayout';
import { AUTH_MESSAGES } from './messages';
import { sessionChanged } from '../account';
import { emailRules, passwordRules } from './validation';

/**
 * E-mail and password, POST /apx/auth/login. 403 and other failures get docs/BEHAVIOUR.md §8's words, and
 * after any error the 'Forgot password' link appears.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({ defaultValues: { email: '', password: '' } });
  const hydrated = useHydrated();

  const onSubmit = handleSubmit(async (values) => {
    const result = await authApi.login({ email: values.email.trim(), password: values.password });
    if (result.ok) {
      await sessionChanged(true);
      onSignedIn();
      return;
    }
    setFailed(true);
    setError('root', {
      message: result.status === 403 ? AUTH_MESSAGES.loginInvalid : AUTH_MESSAGES.loginFailed,
    });
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {errors.root?.message && <FormAlert>{errors.root.message}</FormAlert>}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email', emailRules)}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password', passwordRules)}
      />
      <button type="submit" className="button primary block" disabled={isSubmitting || !hydrated}>
        {isSubmitting ? 'Logging in…' : 'Login'}
      </button>
      {failed && (
        <p className="form-aside">
          <Link to="/reset-password">Forgot password</Link>
        </p>
      )}
    </form>
  );
}
