import { planLimits, type Coplanner, type CoplannerInput } from '@mealplan/core';
import { AppError } from '../errors/app-error.js';
import { DuplicateError } from '../repositories/duplicate.js';
import { coplannerInvitationMail, invitationLink, setPasswordLink } from '../mail/templates.js';
import type { Repositories } from '../repositories/store.js';
import type { User } from '../repositories/user.repository.js';
import { hashToken, newId, randomToken } from '../security/tokens.js';
import { createAccountWithOwner } from './account.service.js';
import { INVITE_OTP_TTL_MS } from './auth.service.js';
import { isoAfter, type ServiceDeps } from './deps.js';

/** A co-planner as listed: `isPending` marks an invitation not yet approved. */
export type CoplannerEntry = Coplanner & { isPending?: true };

function displayName(user: User): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/**
 * Co-planners (docs/BEHAVIOUR.md §6): users with full access to an account, invited by e-mail. The invited user
 * approves while signed in as themselves, then works in the inviting account; removed, they return
 * to the account they signed up with.
 */
export class CoplannerService {
  constructor(private readonly deps: ServiceDeps) {}

  /**
   * Everyone else in the account, then the pending invitations. An invitation shows only what the
   * inviter typed, under the invitation's id: until the invitee accepts, nothing tells whose the
   * address is (their names, their user id).
   */
  async list(user: User): Promise<CoplannerEntry[]> {
    const [members, pending] = await Promise.all([
      this.deps.store.users.listByAccount(user.accountId),
      this.deps.store.invitations.listByAccount(user.accountId),
    ]);
    return [
      ...members.filter((m) => m.id !== user.id).map((m) => this.entry(m)),
      ...pending.map(({ invitation, invitee }) => ({
        id: invitation.id,
        firstName: invitation.invitedFirstName ?? '',
        lastName: invitation.invitedLastName ?? '',
        email: invitee.email,
        isPending: true as const,
      })),
    ];
  }

  /**
   * Invites an address into the user's account and mails the invitation link. An address with no
   * account gets one (no password yet) and a set-password link in the same mail.
   */
  async invite(user: User, input: CoplannerInput): Promise<CoplannerEntry> {
    const email = input.email.trim().toLowerCase();
    if (email === user.email) throw new AppError('COPLANNER_SELF');
    const now = this.deps.now();
    let otp: string | undefined;
    let result: { invitationId: string; invitee: User };
    try {
      result = await this.deps.store.transaction(async (tx) => {
        // Duplicates first: re-inviting an address says so, whatever the plan's room.
        let invitee = await tx.users.findByEmail(email);
        if (invitee?.accountId === user.accountId) throw new AppError('COPLANNER_ALREADY');
        if (invitee && (await tx.invitations.findByInvitee(user.accountId, invitee.id))) {
          throw new AppError('COPLANNER_ALREADY_INVITED');
        }
        await this.checkUserLimit(tx, user.accountId, 1);
        invitee ??= await createAccountWithOwner(tx, this.deps, {
          email,
          passwordHash: null,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
        });
        if (!invitee.passwordHash) {
          otp = randomToken();
          await tx.tokens.createPasswordToken({
            id: newId(),
            userId: invitee.id,
            tokenHash: hashToken(otp),
            purpose: 'invite',
            createdAt: now.toISOString(),
            expiresAt: isoAfter(now, INVITE_OTP_TTL_MS),
            usedAt: null,
          });
        }
        const invitationId = newId();
        await tx.invitations.create({
          id: invitationId,
          accountId: user.accountId,
          inviterId: user.id,
          inviteeId: invitee.id,
          createdAt: now.toISOString(),
          invitedFirstName: input.firstName.trim(),
          invitedLastName: input.lastName.trim(),
        });
        return { invitationId, invitee };
      });
    } catch (error) {
      if (error instanceof DuplicateError) throw new AppError('COPLANNER_ALREADY_INVITED');
      throw error;
    }
    const account = await this.deps.store.accounts.findById(user.accountId);
    const { publicUrl } = this.deps.config;
    const from = displayName(user);
    const mail = coplannerInvitationMail(
      result.invitee.email,
      from,
      account?.tenantName ?? '',
      invitationLink(publicUrl, result.invitationId, from),
      otp ? setPasswordLink(publicUrl, result.invitee.email, otp) : undefined,
    );
    try {
      await this.deps.mailer.send(mail);
    } catch (error) {
      await this.deps.store.invitations.delete(result.invitationId);
      this.deps.log.error({ err: error }, 'Sending the co-planner invitation failed');
      throw new AppError('MAIL_FAILED');
    }
    return {
      id: result.invitationId,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      email,
      isPending: true,
    };
  }

  /**
   * Removes a co-planner (the owner may remove anyone else; a co-planner only themselves), or
   * cancels a pending invitation. The owner cannot be removed.
   */
  async remove(user: User, userId: string): Promise<void> {
    const affected = await this.deps.store.transaction(async (tx) => {
      // A pending invitation is listed under its own id (older clients may still send the invitee's).
      const byId = await tx.invitations.findById(userId);
      const pending =
        byId?.accountId === user.accountId
          ? byId
          : await tx.invitations.findByInvitee(user.accountId, userId);
      if (pending) {
        await tx.invitations.delete(pending.id);
        return [];
      }
      const target = await tx.users.findById(userId);
      if (!target || target.accountId !== user.accountId) throw new AppError('COPLANNER_NOT_FOUND');
      if (target.role === 'owner') throw new AppError('COPLANNER_REMOVE_OWNER');
      if (user.role !== 'owner' && target.id !== user.id) throw new AppError('FORBIDDEN');
      const members = await tx.users.listByAccount(user.accountId);
      await tx.users.moveToAccount(target.id, target.ownAccountId, 'owner');
      return members.map((m) => m.id);
    });
    if (affected.length) await this.announce(affected);
  }

  /** The invited user joins the inviting account. 403 when the invitation is someone else's. */
  async approve(user: User, invitationId: string): Promise<void> {
    const affected = await this.deps.store.transaction(async (tx) => {
      const invitation = await tx.invitations.findById(invitationId);
      if (!invitation) throw new AppError('INVITATION_NOT_FOUND');
      if (invitation.inviteeId !== user.id) throw new AppError('INVITATION_NOT_FOR_YOU');
      const current = await tx.users.findById(user.id);
      if (!current) throw new AppError('UNAUTHENTICATED');
      const own = await tx.users.listByAccount(current.accountId);
      if (current.role === 'owner' && own.length > 1) throw new AppError('INVITATION_HAS_COPLANNERS');
      await this.checkUserLimit(tx, invitation.accountId, 0);
      await tx.invitations.delete(invitation.id);
      await tx.users.moveToAccount(user.id, invitation.accountId, 'coplanner');
      const members = await tx.users.listByAccount(invitation.accountId);
      return [...members.map((m) => m.id), ...own.map((m) => m.id)];
    });
    await this.announce(affected);
  }

  /** The invited user declines. 403 when the invitation is someone else's. */
  async decline(user: User, invitationId: string): Promise<void> {
    const invitation = await this.deps.store.invitations.findById(invitationId);
    if (!invitation) throw new AppError('INVITATION_NOT_FOUND');
    if (invitation.inviteeId !== user.id) throw new AppError('INVITATION_NOT_FOR_YOU');
    await this.deps.store.invitations.delete(invitation.id);
  }

  /**
   * Refuses when the account's users plus pending invitations plus `adding` exceed the plan.
   * On approval (`adding` 0) the approving user's own invitation is among the pending ones.
   */
  private async checkUserLimit(tx: Repositories, accountId: string, adding: number): Promise<void> {
    const account = await tx.accounts.findById(accountId);
    const limit = planLimits(account?.plan).users;
    if (!Number.isFinite(limit)) return;
    const users = await tx.users.countByAccount(accountId);
    const pending = await tx.invitations.countByAccount(accountId);
    if (users + pending + adding > limit) throw new AppError('PLAN_LIMIT_USERS', { params: { limit } });
  }

  private entry(user: User): CoplannerEntry {
    return { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email };
  }

  private async announce(userIds: string[]): Promise<void> {
    await this.deps.feed
      .publish({ type: 'users', userIds: [...new Set(userIds)] })
      .catch((error: unknown) =>
        this.deps.log.error({ err: error }, 'Publishing a membership change failed'),
      );
  }
}
