import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { authApi } from '../api';
import { TextField } from '../ui';
import { AuthLayout, FormAlert } from './AuthLayout';
import { AUTH_MESSAGES } from './messages';
import { emailRules } from './validation';

/** The four states of docs/BEHAVIOUR.md §4 "Page-level flows". */
export type ResetState = 'form' | 'success' | 'failure' | 'rate-limited';

/** Which state an answer of POST /apx/auth/reset-password leads to. */
export function resetStateFor(status: number): Exclude<ResetState, 'form'> {
  if (status === 200) return 'success';
  if (status === 429) return 'rate-limited';
  return 'failure';
}

/** /reset-password: asks for a mailed link to set a new password. */
export function ResetPasswordPage() {
  const [state, setState] = useState<ResetState>('form');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    const result = await authApi.resetPassword(email.trim());
    setState(resetStateFor(result.ok ? 200 : result.status));
  });

  if (state === 'success') {
    return (
      <AuthLayout title="Check your email!">
        <p>We sent you a link to set a new password. It works once and expires soon.</p>
        <p className="auth-switch">
          <Link to="/login">Back to login</Link>
        </p>
      </AuthLayout>
    );
  }
  if (state === 'rate-limited') {
    return (
      <AuthLayout title="Reset already requested">
        <FormAlert kind="info">{AUTH_MESSAGES.resetRateLimited}</FormAlert>
        <p className="auth-switch">
          <Link to="/login">Back to login</Link>
        </p>
      </AuthLayout>
    );
  }
  if (state === 'failure') {
    return (
      <AuthLayout title="Reset password">
        <FormAlert>{AUTH_MESSAGES.resetFailed}</FormAlert>
        <p className="auth-switch">
          <button type="button" className="link-button" onClick={() => setState('form')}>
            Try again
          </button>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Reset password"
      intro="Enter your email and we will send you a link to set a new password."
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email', emailRules)}
        />
        <button type="submit" className="button primary block" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send reset link'}
        </button>
      </form>
      <p className="auth-switch">
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </AuthLayout>
  );
}
