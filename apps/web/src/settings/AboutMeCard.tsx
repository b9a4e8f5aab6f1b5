import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { meApi } from '../api';
import type { Me, ProfileUpdate } from '../api';
import { FormAlert } from '../auth';
import { useCurrentUser } from '../account';
import { requiredRules } from '../auth';
import { useToast } from '../ui';
import { TextField } from '../ui';

function formValues(user: Me): ProfileUpdate {
  return {
    tenantName: user.tenantName ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
  };
}

/** About Me: family, first and last name editable, e-mail read-only; Save only once changed. */
export function AboutMeCard({ user }: { user: Me }) {
  const { refresh } = useCurrentUser();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ProfileUpdate>({ defaultValues: formValues(user) });

  // When the user changes elsewhere (another tab, a co-planner), start again from the new values.
  useEffect(() => reset(formValues(user)), [user, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const body = {
      tenantName: values.tenantName.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    };
    const result = await meApi.update(body);
    if (!result.ok) {
      setError('root', { message: 'Unable to save your profile. Please try again later' });
      return;
    }
    reset(body);
    await refresh();
    toast.show('Profile saved');
  });

  return (
    <section className="card" aria-labelledby="about-me-title">
      <h2 id="about-me-title">About Me</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        {errors.root?.message && <FormAlert>{errors.root.message}</FormAlert>}
        <TextField
          label="Family Name"
          autoComplete="family-name"
          helperText="Your household, as co-planners see it"
          error={errors.tenantName?.message}
          {...register('tenantName', requiredRules)}
        />
        <div className="field-row">
          <TextField
            label="First Name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName', requiredRules)}
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName', requiredRules)}
          />
        </div>
        <TextField label="Email" type="email" value={user.email} readOnly className="field--readonly" />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={!isDirty || isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </section>
  );
}
