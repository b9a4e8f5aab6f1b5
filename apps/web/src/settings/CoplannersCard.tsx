import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { coplannerApi } from '../api';
import type { ApiError } from '../api';
import type { Coplanner } from '../api';
import { FormAlert } from '../auth';
import { emailRules, requiredRules } from '../auth';
import { useToast } from '../ui';
import { toastName } from '../shell';
import { TextField } from '../ui';
import { fullName } from '../users';
import { Person } from './FollowCards';

export const ADD_COPLANNER_FAILED = 'Unable to add coplanner. Please try again later.';
const COPLANNERS_KEY = ['coplanners'] as const;

/** The add form's error: a plan limit or a duplicate says so; anything else gets docs/BEHAVIOUR.md §8's words. */
export function addCoplannerError(error: ApiError): string {
  const explained = error.code && error.status >= 400 && error.status < 500 && error.status !== 401;
  return explained ? error.message : ADD_COPLANNER_FAILED;
}

interface AddForm {
  email: string;
  firstName: string;
  lastName: string;
}

/** Co-planners: people with full access to this household, and the form that invites one. */
export function CoplannersCard() {
  const toast = useToast();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: COPLANNERS_KEY,
    queryFn: async (): Promise<Coplanner[]> => {
      const result = await coplannerApi.list();
      if (!result.ok) throw new Error(result.error.message);
      return result.data ?? [];
    },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddForm>({ defaultValues: { email: '', firstName: '', lastName: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const body = {
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    };
    const result = await coplannerApi.add(body);
    if (!result.ok) {
      setError('root', { message: addCoplannerError(result.error) });
      return;
    }
    reset();
    toast.show(`Invitation sent to ${toastName(body.email)}`);
    await client.invalidateQueries({ queryKey: COPLANNERS_KEY });
  });

  async function remove(coplanner: Coplanner) {
    const result = await coplannerApi.remove(coplanner.id);
    toast.show(
      result.ok
        ? `Removed ${toastName(fullName(coplanner))}`
        : 'Unable to remove coplanner. Please try again later.',
    );
    await client.invalidateQueries({ queryKey: COPLANNERS_KEY });
  }

  const coplanners = list.data ?? [];
  return (
    <section className="card" aria-labelledby="coplanners-title">
      <h2 id="coplanners-title">Co-planners</h2>
      <p className="card-intro">
        Co-planners share your recipes, agenda, notes and grocery list, with full access.
      </p>
      {list.isError && <FormAlert>Unable to load your co-planners.</FormAlert>}
      {coplanners.length > 0 ? (
        <ul className="people" aria-label="Co-planners">
          {coplanners.map((person) => (
            <Person
              key={person.id}
              user={person}
              status={person.isPending && <span className="pending">-- invitation sent --</span>}
            >
              <button
                type="button"
                className="button small"
                onClick={() => void remove(person)}
                aria-label={`Remove ${fullName(person)}`}
              >
                Remove
              </button>
            </Person>
          ))}
        </ul>
      ) : (
        !list.isPending && !list.isError && <p className="empty">Nobody yet. Invite someone you cook with.</p>
      )}
      <form className="form add-form" onSubmit={onSubmit} noValidate aria-label="Add a co-planner">
        <h3>Add a co-planner</h3>
        {errors.root?.message && <FormAlert>{errors.root.message}</FormAlert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          inputMode="email"
          error={errors.email?.message}
          {...register('email', emailRules)}
        />
        <div className="field-row">
          <TextField
            label="First Name"
            autoComplete="off"
            error={errors.firstName?.message}
            {...register('firstName', requiredRules)}
          />
          <TextField
            label="Last Name"
            autoComplete="off"
            error={errors.lastName?.message}
            {...register('lastName', requiredRules)}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={isSubmitting}>
            {isSubmitting ? 'Inviting…' : 'Invite'}
          </button>
        </div>
      </form>
    </section>
  );
}
