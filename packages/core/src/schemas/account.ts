/**
 * Schemas of the account endpoints (docs/BEHAVIOUR.md §3 "Current user", §7, validation messages of §5): the
 * current user, following entries, co-planners, status, and the request bodies the server checks.
 */
import { z } from 'zod';
import { built, lazySchema } from './lazy.js';
import { PASSWORD_MIN_LENGTH, PLANS, type PlanName } from '../constants.js';
import { EntityIdSchema, LIMITS, requiredText } from './common.js';

// docs/BEHAVIOUR.md §5: "text, '@', text, '.', text".
/** What an e-mail address looks like, for the forms and the server alike. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address with the messages: 'Email is required', then the format message. */
export const EmailSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string({ error: 'Email is required' })
    .min(1, { error: 'Email is required', abort: true })
    .max(LIMITS.email, 'Entered value does not match email format')
    .regex(EMAIL_PATTERN, 'Entered value does not match email format'),
);

/** A new password: 'Password is required', at least 7 characters. */
export const PasswordSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required', abort: true })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(LIMITS.password),
);

/** A password being checked (sign-in, current password): only required, never length-checked. */
const ExistingPasswordSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required', abort: true })
    .max(LIMITS.password),
);

/** A person's name field (first, last, family name). */
const PersonNameSchema = /* @__PURE__ */ lazySchema(() => requiredText(LIMITS.name));

/** Someone the user follows, or a follower; only approved entries give read access. */
export const FollowingEntrySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: built(EntityIdSchema),
    userId: built(EntityIdSchema),
    tenantId: built(EntityIdSchema),
    firstName: z.string().max(LIMITS.name),
    lastName: z.string().max(LIMITS.name),
    email: z.string().max(LIMITS.email),
    avatarEtag: z.string().max(LIMITS.hash).optional(),
    isApproved: z.boolean(),
  }),
);
export type FollowingEntry = z.infer<typeof FollowingEntrySchema>;

/** The name of a plan (docs/BEHAVIOUR.md §1, §9): which limits an account has. */
export const PlanNameSchema = /* @__PURE__ */ lazySchema(() =>
  z.enum(Object.keys(PLANS) as [PlanName, ...PlanName[]]),
);

/**
 * The limits of a stored plan name. Only the three names count (never a lookup through the object's
 * prototype: 'constructor' once gave an unlimited plan); anything else is Free, the strict side.
 */
export function planLimits(name: string | null | undefined): (typeof PLANS)[PlanName] {
  // An own-property check, not PlanNameSchema: the app asks this while its page first renders, and
  // it should not build a schema for three names.
  return typeof name === 'string' && Object.hasOwn(PLANS, name) ? PLANS[name as PlanName] : PLANS.free;
}

/**
 * The signed-in user (`GET /api/me`); `tenantName` is the account's family name and `plan` the
 * account's plan, so the app can say what a limit is before the server refuses a change.
 */
export const CurrentUserSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: built(EntityIdSchema),
    email: z.string().max(LIMITS.email),
    firstName: z.string().max(LIMITS.name),
    lastName: z.string().max(LIMITS.name),
    tenantName: z.string().max(LIMITS.name),
    plan: built(PlanNameSchema),
    avatarEtag: z.string().max(LIMITS.hash).optional(),
    following: z.array(built(FollowingEntrySchema)),
    followers: z.array(built(FollowingEntrySchema)),
  }),
);
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** A co-planner: another user with full access to the account. */
export const CoplannerSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: built(EntityIdSchema),
    firstName: z.string().max(LIMITS.name),
    lastName: z.string().max(LIMITS.name),
    email: z.string().max(LIMITS.email),
  }),
);
export type Coplanner = z.infer<typeof CoplannerSchema>;

/** `GET /api/status`: the running build's commit and the current ETag of each data key. */
export const StatusSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    commitHash: z.string().max(LIMITS.shortText),
    etags: z.record(z.string().max(LIMITS.shortText), z.string().max(LIMITS.shortText)),
  }),
);
export type Status = z.infer<typeof StatusSchema>;

/** Body of the update of the current user: all three names required. */
export const UpdateMeInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    firstName: built(PersonNameSchema),
    lastName: built(PersonNameSchema),
    tenantName: built(PersonNameSchema),
  }),
);
export type UpdateMeInput = z.infer<typeof UpdateMeInputSchema>;

/** Body of `POST /apx/auth/login`. */
export const LoginInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ email: built(EmailSchema), password: built(ExistingPasswordSchema) }),
);
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** Body of `POST /apx/auth/register`. */
export const RegisterInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ email: built(EmailSchema), password: built(PasswordSchema) }),
);
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

/** Body of `POST /apx/auth/reset-password`, and of `POST /api/following/follow`. */
export const EmailInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ email: built(EmailSchema) }),
);
export type EmailInput = z.infer<typeof EmailInputSchema>;

/** Body of `POST /apx/auth/set-password`. */
export const SetPasswordInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    email: built(EmailSchema),
    otp: z.string().min(1, 'Required').max(LIMITS.shortText),
    password: built(PasswordSchema),
  }),
);
export type SetPasswordInput = z.infer<typeof SetPasswordInputSchema>;

/** Body of `POST /api/auth/change-password`. */
export const ChangePasswordInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    currentPassword: built(ExistingPasswordSchema),
    password: built(PasswordSchema),
  }),
);
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** Body of `POST /api/coplanners`. */
export const CoplannerInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    email: built(EmailSchema),
    firstName: built(PersonNameSchema),
    lastName: built(PersonNameSchema),
  }),
);
export type CoplannerInput = z.infer<typeof CoplannerInputSchema>;

/** Body of `POST /api/following/unfollow` and of the follower approve / decline calls. */
export const UserIdInputSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ userId: built(EntityIdSchema) }),
);
export type UserIdInput = z.infer<typeof UserIdInputSchema>;
