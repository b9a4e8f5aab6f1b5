import type { DocumentKind, FollowingEntry } from '@mealplan/core';
import { AppError } from '../errors/app-error.js';
import { DuplicateError } from '../repositories/duplicate.js';
import type { User } from '../repositories/user.repository.js';
import { newId } from '../security/tokens.js';
import type { ServiceDeps } from './deps.js';
import { followEntry, SHARED_KINDS } from './me.service.js';

/**
 * Following (docs/BEHAVIOUR.md §6): a user follows another by e-mail; the followed user approves or declines.
 * Only after approval may the follower read the followed user's account's agenda and recipes.
 */
export class FollowService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Starts following the user with this e-mail, pending their approval. */
  async follow(user: User, email: string): Promise<FollowingEntry> {
    const target = await this.deps.store.users.findByEmail(email);
    if (!target) throw new AppError('FOLLOW_USER_NOT_FOUND');
    if (target.id === user.id) throw new AppError('FOLLOW_SELF');
    if (await this.deps.store.follows.findByPair(user.id, target.id)) throw new AppError('FOLLOW_ALREADY');
    const follow = {
      id: newId(),
      followerId: user.id,
      followedId: target.id,
      isApproved: false,
      createdAt: this.deps.now().toISOString(),
    };
    try {
      await this.deps.store.follows.create(follow);
    } catch (error) {
      if (error instanceof DuplicateError) throw new AppError('FOLLOW_ALREADY');
      throw error;
    }
    await this.announce([user.id, target.id]);
    return followEntry({ follow, user: target }, 'following');
  }

  /** The followed user approves a follower. `followerId` must match the follow. */
  async approve(user: User, followId: string, followerId: string): Promise<void> {
    const follow = await this.deps.store.follows.findById(followId);
    if (!follow || follow.followedId !== user.id || follow.followerId !== followerId) {
      throw new AppError('FOLLOW_NOT_FOUND');
    }
    await this.deps.store.follows.approve(follow.id);
    await this.announce([user.id, follow.followerId]);
  }

  /** The followed user declines (or later removes) a follower. */
  async decline(user: User, followId: string, followerId: string): Promise<void> {
    const follow = await this.deps.store.follows.findById(followId);
    if (!follow || follow.followedId !== user.id || follow.followerId !== followerId) {
      throw new AppError('FOLLOW_NOT_FOUND');
    }
    await this.deps.store.follows.delete(follow.id);
    await this.announce([user.id, follow.followerId]);
  }

  /** Stops following a user. */
  async unfollow(user: User, followedId: string): Promise<void> {
    const follow = await this.deps.store.follows.findByPair(user.id, followedId);
    if (!follow) throw new AppError('FOLLOW_NOT_FOUND');
    await this.deps.store.follows.delete(follow.id);
    await this.announce([user.id, followedId]);
  }

  /**
   * The account whose `kind` document `viewer` may read as `targetUserId`'s: their own account for
   * themselves or a co-planner, the target's account for an approved follower; 403 otherwise (also
   * for unknown users, so the answer tells nothing about who exists).
   */
  async readableAccount(viewer: User, targetUserId: string, kind: DocumentKind): Promise<string> {
    const target = await this.deps.store.users.findById(targetUserId);
    if (target && target.accountId === viewer.accountId) return viewer.accountId;
    if (!target || !(SHARED_KINDS as readonly string[]).includes(kind)) throw new AppError('NOT_APPROVED');
    const follow = await this.deps.store.follows.findByPair(viewer.id, target.id);
    if (!follow?.isApproved) throw new AppError('NOT_APPROVED');
    return target.accountId;
  }

  private async announce(userIds: string[]): Promise<void> {
    await this.deps.feed
      .publish({ type: 'users', userIds })
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'Publishing a follow change failed'));
  }
}
