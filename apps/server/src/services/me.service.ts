import {
  DOCUMENT_KINDS,
  PlanNameSchema,
  type CurrentUser,
  type FollowingEntry,
  type PlanName,
  type UpdateMeInput,
} from '@mealplan/core';
import { AppError } from '../errors/app-error.js';
import type { FollowWithUser } from '../repositories/follow.repository.js';
import type { User } from '../repositories/user.repository.js';
import type { ServiceDeps } from './deps.js';
import type { DocumentService } from './document.service.js';

/** The documents a follower may read, once approved. Notes and groceries are never shared. */
export const SHARED_KINDS = ['agenda', 'recipes'] as const;

/**
 * A following or follower entry. Whom you follow shows their name and avatar only once they
 * approved: anyone can type an e-mail address, and that alone must not reveal whose it is.
 * Followers always show theirs, so the followed user can decide whom to approve.
 */
export function followEntry(
  { follow, user }: FollowWithUser,
  side: 'following' | 'follower',
): FollowingEntry {
  const visible = side === 'follower' || follow.isApproved;
  return {
    id: follow.id,
    userId: user.id,
    tenantId: user.accountId,
    firstName: visible ? user.firstName : '',
    lastName: visible ? user.lastName : '',
    email: user.email,
    ...(visible && user.avatarEtag ? { avatarEtag: user.avatarEtag } : {}),
    isApproved: follow.isApproved,
  };
}

/**
 * The account's stored plan. Accounts only get plans from the validated PLAN setting; should a
 * name this build does not know turn up, the app is told 'free' (its checks err on the strict
 * side; the server's own check on each push still decides).
 */
function planName(stored: string | undefined): PlanName {
  const parsed = PlanNameSchema.safeParse(stored);
  return parsed.success ? parsed.data : 'free';
}

/** The current user (`/api/me`) and the ETags the status poll compares (`/api/status`). */
export class MeService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly documents: DocumentService,
  ) {}

  /**
   * The signed-in user with the account's family name and plan, whom they follow and who follows
   * them. Co-planners share the owner's account, so they see its plan too.
   */
  async get(userId: string): Promise<CurrentUser> {
    const user = await this.deps.store.users.findById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    const [account, following, followers] = await Promise.all([
      this.deps.store.accounts.findById(user.accountId),
      this.deps.store.follows.listFollowing(user.id),
      this.deps.store.follows.listFollowers(user.id),
    ]);
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      tenantName: account?.tenantName ?? '',
      plan: planName(account?.plan),
      ...(user.avatarEtag ? { avatarEtag: user.avatarEtag } : {}),
      following: following.map((f) => followEntry(f, 'following')),
      followers: followers.map((f) => followEntry(f, 'follower')),
    };
  }

  /** Updates the user's names and the account's family name, then returns the new current user. */
  async update(user: User, input: UpdateMeInput): Promise<CurrentUser> {
    await this.deps.store.transaction(async (tx) => {
      await tx.users.setNames(user.id, input.firstName.trim(), input.lastName.trim());
      await tx.accounts.setTenantName(user.accountId, input.tenantName.trim());
    });
    // Followers, co-planners and followed users show these names: their /api/me is stale now.
    const related = await this.relatedUserIds(user);
    await this.deps.feed.publish({ type: 'users', userIds: related }).catch(() => undefined);
    return this.get(user.id);
  }

  /**
   * The ETag of every data key the user can read: `agenda`, `recipes`, `notes`, `groceries` for their
   * own account, and `agenda/{userId}`, `recipes/{userId}` for each followed user who approved them.
   */
  async etags(user: User): Promise<Record<string, string>> {
    const followed = await this.deps.store.follows.listApprovedFollowed(user.id);
    const accounts = [...new Set([user.accountId, ...followed.map((f) => f.accountId)])];
    const byAccount = await this.documents.etags(accounts);
    const etags: Record<string, string> = {};
    for (const kind of DOCUMENT_KINDS) {
      const etag = byAccount.get(`${user.accountId}:${kind}`);
      if (etag) etags[kind] = etag;
    }
    for (const f of followed) {
      for (const kind of SHARED_KINDS) {
        const etag = byAccount.get(`${f.accountId}:${kind}`);
        if (etag) etags[`${kind}/${f.userId}`] = etag;
      }
    }
    return etags;
  }

  /** The user, everyone in their account, and everyone linked to them by a follow. */
  async relatedUserIds(user: User): Promise<string[]> {
    const [members, linked] = await Promise.all([
      this.deps.store.users.listByAccount(user.accountId),
      this.deps.store.follows.listRelatedUserIds(user.id),
    ]);
    return [...new Set([user.id, ...members.map((m) => m.id), ...linked])];
  }
}
