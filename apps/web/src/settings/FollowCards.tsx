import { useState, type ReactNode } from 'react';
import { followingApi } from '../api';
import type { Coplanner, FollowEntry, Me } from '../api';
import { useCurrentUser } from '../account';
import { FollowModal } from '../social';
import { useToast } from '../ui';
import { toastName } from '../shell';
import { Avatar } from '../ui';
import { AddIcon } from '../ui';
import { fullName } from '../users';

/** The label an unapproved follow shows (docs/BEHAVIOUR.md §4). */
export const PENDING_LABEL = '-- pending approval --';

/** One person in a list: picture, name and e-mail, an optional status line, then the actions. */
export function Person({
  user,
  status,
  children,
  actionsBelow = false,
}: {
  user: FollowEntry | Coplanner;
  status?: ReactNode;
  children?: ReactNode;
  actionsBelow?: boolean;
}) {
  return (
    <li className="person">
      <Avatar user={user} size={40} label="" />
      <div className="person-text">
        <strong>{fullName(user)}</strong>
        <span>{user.email}</span>
        {status}
      </div>
      {children && (
        <div className={`person-actions${actionsBelow ? ' person-actions--below' : ''}`}>{children}</div>
      )}
    </li>
  );
}

/** Following: the people whose agenda and recipes this user reads, pending ones marked. */
export function FollowingCard({ user }: { user: Me }) {
  const { refresh } = useCurrentUser();
  const toast = useToast();
  const [open, setOpen] = useState(false);

  async function unfollow(entry: FollowEntry) {
    const result = await followingApi.unfollow(entry.userId);
    toast.show(
      result.ok ? `Unfollowed ${toastName(fullName(entry))}` : 'Something went wrong. Try again later',
    );
    await refresh();
  }

  return (
    <section className="card" aria-labelledby="following-title">
      <div className="card-header">
        <h2 id="following-title">Following</h2>
        <button type="button" className="button small" onClick={() => setOpen(true)}>
          <AddIcon width={18} height={18} />
          Follow
        </button>
      </div>
      {user.following.length > 0 ? (
        <ul className="people" aria-label="Following">
          {user.following.map((entry) => (
            <Person
              key={entry.id}
              user={entry}
              status={!entry.isApproved && <span className="pending">{PENDING_LABEL}</span>}
            >
              <button
                type="button"
                className="button small"
                onClick={() => void unfollow(entry)}
                aria-label={`Unfollow ${fullName(entry)}`}
              >
                Unfollow
              </button>
            </Person>
          ))}
        </ul>
      ) : (
        <p className="empty">You are not following anyone yet.</p>
      )}
      <FollowModal open={open} onClose={() => setOpen(false)} onFollowed={() => void refresh()} />
    </section>
  );
}

/** Followers: people who read this user's agenda and recipes; new ones wait for Approve or Decline. */
export function FollowersCard({ user }: { user: Me }) {
  const { refresh } = useCurrentUser();
  const toast = useToast();

  async function answer(entry: FollowEntry, approve: boolean) {
    const call = approve ? followingApi.approve : followingApi.decline;
    const result = await call(entry.id, entry.userId);
    const name = toastName(fullName(entry));
    if (!result.ok) toast.show('Something went wrong. Try again later');
    else toast.show(approve ? `${name} can now see your agenda` : `Declined ${name}`);
    await refresh();
  }

  return (
    <section className="card" aria-labelledby="followers-title">
      <h2 id="followers-title">Followers</h2>
      {user.followers.length > 0 ? (
        <ul className="people" aria-label="Followers">
          {user.followers.map((entry) => (
            <Person
              key={entry.id}
              user={entry}
              status={entry.isApproved && <span className="approved">Can see your agenda</span>}
              actionsBelow
            >
              {!entry.isApproved && (
                <>
                  <button
                    type="button"
                    className="button small"
                    onClick={() => void answer(entry, false)}
                    aria-label={`Decline ${fullName(entry)}`}
                  >
                    Decline
                  </button>
                  <button
                    type="button"
                    className="button small primary"
                    onClick={() => void answer(entry, true)}
                    aria-label={`Approve ${fullName(entry)}`}
                  >
                    Approve
                  </button>
                </>
              )}
            </Person>
          ))}
        </ul>
      ) : (
        <p className="empty">Nobody follows you yet.</p>
      )}
    </section>
  );
}
