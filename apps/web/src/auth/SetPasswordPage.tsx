import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { authApi } from '../api';
import { useToast } from '../ui';
import { TextField } from '../ui';
import { AuthLayout } from './AuthLayout';
import { AUTH_MESSAGES } from './messages';
import { sessionChanged } from '../account';
import { passwordRules } from './validation';

/** /set-password/{email}/{otp}: the page a reset or invitation mail links to. */
export function SetPasswordPage() {
  const { email = '', otp = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string }>({ defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    const result = await authApi.setPassword({ email, otp, password });
    if (result.status !== 200) {
      toast.show(AUTH_MESSAGES.setPasswordFailed);
      return;
    }
    toast.show(AUTH_MESSAGES.passwordSet);
    await sessionChanged(true);
    navigate('/plan', { replace: true });
  });

  return (
    <AuthLayout title="Set your password" intro={<>For {email}</>}>
      <form className="form" onSubmit={onSubmit} noValidate>
        {/* Lets password managers store the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          helperText="At least 7 characters"
          error={errors.password?.message}
          {...register('password', passwordRules)}
        />
        <button type="submit" className="button primary block" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Set password'}
        </button>
      </form>
    </AuthLayout>
  );
}
