import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { insertUnique } from './duplicate.js';
import { toUser, type User } from './user.repository.js';

/** One user following another; the followed user approves or declines. */
export interface Follow {
  id: string;
  followerId: string;
  followedId: string;
  isApproved: boolean;
  createdAt: string;
}

/** A follow together with the user on the other side of it. */
export interface FollowWithUser {
  follow: Follow;
  user: User;
}

/** SQL for the `follow` table. */
export class FollowRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a follow; an existing pair throws DuplicateError. */
  async create(follow: Follow): Promise<void> {
    await insertUnique('follow', () =>
      this.db
        .insertInto('follow')
        .values({
          id: follow.id,
          follower_id: follow.followerId,
          followed_id: follow.followedId,
          is_approved: follow.isApproved ? 1 : 0,
          created_at: follow.createdAt,
        })
        .execute(),
    );
  }

  /** The follow from one user to another, if any. */
  async findByPair(followerId: string, followedId: string): Promise<Follow | undefined> {
    const row = await this.db
      .selectFrom('follow')
      .selectAll()
      .where('follower_id', '=', followerId)
      .where('followed_id', '=', followedId)
      .executeTakeFirst();
    return row && toFollow(row);
  }

  /** The follow with this id, if any. */
  async findById(id: string): Promise<Follow | undefined> {
    const row = await this.db.selectFrom('follow').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toFollow(row);
  }

  /** Marks a follow approved. */
  async approve(id: string): Promise<void> {
    await this.db.updateTable('follow').set({ is_approved: 1 }).where('id', '=', id).execute();
  }

  /** Deletes a follow. */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('follow').where('id', '=', id).execute();
  }

  /** Whom the user follows, with each followed user, oldest first. */
  async listFollowing(userId: string): Promise<FollowWithUser[]> {
    const rows = await this.db
      .selectFrom('follow')
      .innerJoin('app_user', 'app_user.id', 'follow.followed_id')
      .selectAll('app_user')
      .select(['follow.id as f_id', 'follow.is_approved as f_approved', 'follow.created_at as f_created'])
      .where('follow.follower_id', '=', userId)
      .orderBy('follow.created_at')
      .orderBy('follow.id')
      .execute();
    return rows.map((row) => ({
      follow: {
        id: row.f_id,
        followerId: userId,
        followedId: row.id,
        isApproved: Number(row.f_approved) === 1,
        createdAt: row.f_created,
      },
      user: toUser(row),
    }));
  }

  /** Who follows the user, with each follower, oldest first. */
  async listFollowers(userId: string): Promise<FollowWithUser[]> {
    const rows = await this.db
      .selectFrom('follow')
      .innerJoin('app_user', 'app_user.id', 'follow.follower_id')
      .selectAll('app_user')
      .select(['follow.id as f_id', 'follow.is_approved as f_approved', 'follow.created_at as f_created'])
      .where('follow.followed_id', '=', userId)
      .orderBy('follow.created_at')
      .orderBy('follow.id')
      .execute();
    return rows.map((row) => ({
      follow: {
        id: row.f_id,
        followerId: row.id,
        followedId: userId,
        isApproved: Number(row.f_approved) === 1,
        createdAt: row.f_created,
      },
      user: toUser(row),
    }));
  }

  /**
   * The users (and their accounts) that `userId` may read, because they approved the follow.
   * Used to route live updates and status ETags of followed agendas and recipes.
   */
  async listApprovedFollowed(userId: string): Promise<{ userId: string; accountId: string }[]> {
    const rows = await this.db
      .selectFrom('follow')
      .innerJoin('app_user', 'app_user.id', 'follow.followed_id')
      .select(['app_user.id as user_id', 'app_user.account_id as account_id'])
      .where('follow.follower_id', '=', userId)
      .where('follow.is_approved', '=', 1)
      .execute();
    return rows.map((r) => ({ userId: r.user_id, accountId: r.account_id }));
  }

  /** Every user touching a follow with `userId`, in either direction (their /api/me changes with it). */
  async listRelatedUserIds(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('follow')
      .select(['follower_id', 'followed_id'])
      .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followed_id', '=', userId)]))
      .execute();
    return [...new Set(rows.flatMap((r) => [r.follower_id, r.followed_id]))];
  }
}

function toFollow(row: {
  id: string;
  follower_id: string;
  followed_id: string;
  is_approved: number;
  created_at: string;
}): Follow {
  return {
    id: row.id,
    followerId: row.follower_id,
    followedId: row.followed_id,
    isApproved: Number(row.is_approved) === 1,
    createdAt: row.created_at,
  };
}
