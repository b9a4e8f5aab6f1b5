/**
 * Wire shapes of SPEC §3 "Current user (me)" as the web app reads them. Core's zod schemas will be
 * the source of truth once they land; these mirror them field for field.
 */

/** Someone the current user follows, or who follows the current user. */
export interface FollowEntry {
  /** The follow relation's id (used by approve / decline). */
  id: string;
  userId: string;
  tenantId?: string;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  avatarEtag?: string | null;
  isApproved: boolean;
}

/** The signed-in user, from GET /api/me. */
export interface Me {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /** The family name: the account's (household's) name. */
  tenantName?: string | null;
  avatarEtag?: string | null;
  following: FollowEntry[];
  followers: FollowEntry[];
}

/** A user with full access to the account, invited by e-mail. */
export interface Coplanner {
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}

/** The editable part of the current user. */
export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  tenantName: string;
}
