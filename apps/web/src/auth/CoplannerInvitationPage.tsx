import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { invitationApi } from '../api';
import { useToast } from '../ui';
import { GroupIcon } from '../ui';
import { AuthLayout } from './AuthLayout';
import { AUTH_MESSAGES } from './messages';

/** How long the 'Invitation approved!' toast is read before the app reloads into the new account. */
export const INVITATION_RELOAD_MS = 2_000;

/**
 * /invitations/coplanner?id=..&from=..: the mailed link. Approving (only as the invited account)
 * makes this user work in the inviter's account, so the whole app reloads (docs/BEHAVIOUR.md §8).
 */
export function CoplannerInvitationPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const from = params.get('from') ?? 'Someone';
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function approve() {
    setBusy(true);
    const result = await invitationApi.approve(id);
    if (result.ok) {
      toast.show(AUTH_MESSAGES.invitationApproved);
      window.setTimeout(() => window.location.assign('/plan'), INVITATION_RELOAD_MS);
      return;
    }
    setBusy(false);
    toast.show(result.status === 403 ? AUTH_MESSAGES.invitationNotForYou : AUTH_MESSAGES.invitationFailed);
  }

  async function decline() {
    setBusy(true);
    const result = await invitationApi.decline(id);
    setBusy(false);
    if (!result.ok) {
      toast.show(result.status === 403 ? AUTH_MESSAGES.invitationNotForYou : AUTH_MESSAGES.invitationFailed);
      return;
    }
    toast.show(AUTH_MESSAGES.invitationDeclined);
    navigate('/plan', { replace: true });
  }

  return (
    <AuthLayout title="Plan meals together">
      <div className="invitation-badge" aria-hidden="true">
        <GroupIcon width={40} height={40} />
      </div>
      <p className="invitation-text">
        <strong>{from}</strong> invited you to be a co-planner. Approve to share their recipes, agenda, notes
        and grocery list.
      </p>
      <div className="form-actions form-actions--split">
        <button type="button" className="button" disabled={busy || !id} onClick={decline}>
          Decline
        </button>
        <button type="button" className="button primary" disabled={busy || !id} onClick={approve}>
          Approve
        </button>
      </div>
    </AuthLayout>
  );
}
