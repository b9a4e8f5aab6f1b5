import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useHydrated } from '../ui';
import { authApi, type Credentials } from '../api';
import { TextField } from '../ui';
import { AuthLayout, FormAlert } from './AuthLayout';
import { AUTH_MESSAGES } from './messages';
import { sessionChanged } from '../account';
import { emailRules, passwordRules } from './validation';

/** /register: POST /apx/auth/register; 400 means the address is taken (docs/BEHAVIOUR.md §8). */
export function RegisterPage() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({ defaultValues: { email: '', password: '' } });
  const hydrated = useHydrated();

  const onSubmit = handleSubmit(async (values) => {
    const result = await authApi.register({ email: values.email.trim(), password: values.password });
    if (result.ok) {
      await sessionChanged(true);
      navigate('/plan', { replace: true });
      return;
    }
    if (result.status === 400) setError('email', { message: AUTH_MESSAGES.emailInUse });
    else setError('root', { message: AUTH_MESSAGES.loginFailed });
  });

  return (
    <AuthLayout title="Create your account" intro="Free for up to 200 recipes. No credit card needed.">
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
          autoComplete="new-password"
          helperText="At least 7 characters"
          error={errors.password?.message}
          {...register('password', passwordRules)}
        />
        <button type="submit" className="button primary block" disabled={isSubmitting || !hydrated}>
          {isSubmitting ? 'Creating account…' : 'Sign up'}
        </button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </AuthLayout>
  );
}
