import { useForm } from 'react-hook-form';
import { authApi } from '../api';
import { SettingsLayout } from './SettingsLayout';
import { useToast } from '../ui';
import { TextField } from '../ui';
import { FormAlert } from '../auth';
import { AUTH_MESSAGES } from '../auth';
import { MESSAGES, passwordRules } from '../auth';

interface ChangePasswordForm {
  currentPassword: string;
  password: string;
}

/** /change-password: POST /api/auth/change-password with docs/BEHAVIOUR.md §8's answers. */
export function ChangePasswordPage() {
  const toast = useToast();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ChangePasswordForm>({ defaultValues: { currentPassword: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const result = await authApi.changePassword(values);
    if (result.ok) {
      reset();
      toast.show(AUTH_MESSAGES.passwordChanged);
    } else if (result.status === 403) {
      setError('currentPassword', { message: AUTH_MESSAGES.passwordInvalid }, { shouldFocus: true });
    } else {
      setError('root', { message: AUTH_MESSAGES.changePasswordFailed });
    }
  });

  return (
    <SettingsLayout title="Change Password">
      <section className="card card--narrow">
        <p className="card-intro">
          Other devices signed in to your account will be logged out, and the browser extension will need to
          be connected again.
        </p>
        <form className="form" onSubmit={onSubmit} noValidate>
          {errors.root?.message && <FormAlert>{errors.root.message}</FormAlert>}
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword', { required: MESSAGES.required })}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            helperText="At least 7 characters"
            error={errors.password?.message}
            {...register('password', passwordRules)}
          />
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={!isDirty || isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Change password'}
            </button>
          </div>
        </form>
      </section>
    </SettingsLayout>
  );
}
