import { useForm } from 'react-hook-form';
import { followingApi } from '../api';
import { emailRules } from '../auth';
import { useToast } from '../ui';
import { toastName } from '../shell';
import { Modal } from '../ui';
import { TextField } from '../ui';
import { fullName } from '../users';

export const FOLLOW_FAILED = 'Something went wrong. Try again later';

/** The message a failed follow shows (docs/BEHAVIOUR.md §8): the server's message when it sent a code. */
export function followErrorMessage(error: { code?: string; message: string }): string {
  return error.code && error.code !== 'NETWORK' && error.code !== 'INTERNAL' ? error.message : FOLLOW_FAILED;
}

/**
 * 'Follow someone awesome' (docs/BEHAVIOUR.md §2): one Email field and a Follow button. The agenda's plus
 * button and the Following card open it. `onFollowed` runs after a successful follow.
 */
export function FollowModal({
  open,
  onClose,
  onFollowed,
}: {
  open: boolean;
  onClose: () => void;
  onFollowed?: () => void;
}) {
  const toast = useToast();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  function close() {
    reset();
    onClose();
  }

  const onSubmit = handleSubmit(async ({ email }) => {
    const trimmed = email.trim();
    const result = await followingApi.follow(trimmed);
    if (!result.ok) {
      setError('root', { message: followErrorMessage(result.error) });
      return;
    }
    const followed = result.data;
    const name = fullName({
      email: followed?.email ?? trimmed,
      firstName: followed?.firstName,
      lastName: followed?.lastName,
    });
    toast.show(`Following ${toastName(name)}`);
    onFollowed?.();
    close();
  });

  return (
    <Modal open={open} onClose={close} title="Follow someone awesome">
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="modal-intro">
          Once they approve, you can see their agenda and recipes and copy the ones you like.
        </p>
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          inputMode="email"
          error={errors.email?.message}
          {...register('email', emailRules)}
        />
        {errors.root?.message && (
          <p className="form-error" role="alert">
            {errors.root.message}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={isSubmitting}>
            {isSubmitting ? 'Following…' : 'Follow'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
