/**
 * Wire shapes of docs/BEHAVIOUR.md §3 "Current user (me)", from core's schemas (the one source of truth).
 * Type-only imports: nothing of core's runtime reaches the bundle through this file.
 */
import type { Coplanner as CoreCoplanner, CurrentUser, FollowingEntry, UpdateMeInput } from '@mealplan/core';

/** The signed-in user, from GET /api/me. */
export type Me = CurrentUser;

/** Someone the current user follows, or who follows the current user (`id` is the follow's id). */
export type FollowEntry = FollowingEntry;

/** A user with full access to the account; `isPending` while their invitation is unanswered. */
export type Coplanner = CoreCoplanner & { isPending?: true };

/** The editable part of the current user. */
export type ProfileUpdate = UpdateMeInput;
