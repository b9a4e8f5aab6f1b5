import {
  RESET_PASSWORD_WINDOW_MS,
  type ChangePasswordInput,
  type LoginInput,
  type RegisterInput,
  type SetPasswordInput,
} from '@mealplan/core';
import { AppError } from '../errors/app-error.js';
import { DuplicateError } from '../repositories/duplicate.js';
import { resetPasswordMail, setPasswordLink } from '../mail/templates.js';
import type { User } from '../repositories/user.repository.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../security/password.js';
import { hashToken, newId, randomToken } from '../security/tokens.js';
import { createAccountWithOwner } from './account.service.js';
import { isoAfter, type ServiceDeps } from './deps.js';
import type { SessionService } from './session.service.js';

/** How long a reset-password link works. */
export const RESET_OTP_TTL_MS = RESET_PASSWORD_WINDOW_MS;
/** How long the set-password link of a co-planner invitation works. */
export const INVITE_OTP_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Sign-up, sign-in, password reset and change, and extension tokens (docs/BEHAVIOUR.md §7, §8). Every method
 * that signs someone in returns the new session's cookie token.
 */
export class AuthService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly sessions: SessionService,
  ) {}

  /** Creates an account with its owner and signs them in. 400 EMAIL_IN_USE for a taken address. */
  async register(input: RegisterInput): Promise<{ user: User; token: string }> {
    const passwordHash = await hashPassword(input.password);
    const existing = await this.deps.store.users.findByEmail(input.email);
    if (existing) throw new AppError('EMAIL_IN_USE');
    let user: User;
    try {
      user = await this.deps.store.transaction((tx) =>
        createAccountWithOwner(tx, this.deps, { email: input.email, passwordHash }),
      );
    } catch (error) {
      if (error instanceof DuplicateError) throw new AppError('EMAIL_IN_USE');
      throw error;
    }
    return { user, token: await this.sessions.start(user.id) };
  }

  /** Signs in. A wrong e-mail and a wrong password get the same 403, after the same work. */
  async login(input: LoginInput): Promise<{ user: User; token: string }> {
    const user = await this.deps.store.users.findByEmail(input.email);
    const hash = user?.passwordHash ?? DUMMY_HASH;
    const ok = await verifyPassword(input.password, hash);
    if (!user || !user.passwordHash || !ok) throw new AppError('INVALID_CREDENTIALS');
    return { user, token: await this.sessions.start(user.id) };
  }

  /**
   * Mails a set-password link. Unknown addresses get the same 200 and no mail, so the form cannot be
   * used to probe who has an account. At most one mail per 24 hours: a second request in that time
   * answers the same 200 and sends nothing (a 429 here told which addresses have accounts).
   */
  async requestPasswordReset(email: string): Promise<void> {
    const user = await this.deps.store.users.findByEmail(email);
    if (!user) return;
    const now = this.deps.now();
    const last = await this.deps.store.tokens.lastPasswordTokenAt(user.id, 'reset');
    if (last && now.getTime() - Date.parse(last) < RESET_PASSWORD_WINDOW_MS) return;
    const otp = randomToken();
    const tokenId = newId();
    await this.deps.store.tokens.createPasswordToken({
      id: tokenId,
      userId: user.id,
      tokenHash: hashToken(otp),
      purpose: 'reset',
      createdAt: now.toISOString(),
      expiresAt: isoAfter(now, RESET_OTP_TTL_MS),
      usedAt: null,
    });
    const link = setPasswordLink(this.deps.config.publicUrl, user.email, otp);
    try {
      await this.deps.mailer.send(resetPasswordMail(user.email, link));
    } catch (error) {
      // No mail went out: forget the request so the person can try again at once.
      await this.deps.store.tokens.deletePasswordToken(tokenId);
      this.deps.log.error({ err: error }, 'Sending the reset-password mail failed');
      throw new AppError('MAIL_FAILED');
    }
  }

  /**
   * Sets a password with a one-time password from a mailed link, and signs the user in. The OTP is
   * spent even if the rest fails, and every other session and outstanding link of the user ends.
   */
  async setPassword(input: SetPasswordInput): Promise<{ user: User; token: string }> {
    const user = await this.deps.store.users.findByEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    if (!user) throw new AppError('OTP_INVALID');
    const now = this.deps.now().toISOString();
    await this.deps.store.transaction(async (tx) => {
      if (!(await tx.tokens.consumePasswordToken(user.id, hashToken(input.otp), now))) {
        throw new AppError('OTP_INVALID');
      }
      await tx.tokens.expirePasswordTokens(user.id, now);
      await tx.users.setPasswordHash(user.id, passwordHash);
      await tx.sessions.deleteForUser(user.id);
      // The browser extension's token is a session too: it ends with the others, and so does the
      // calendar link (whoever had the password could have made one).
      await tx.tokens.revokeExtensionTokens(user.id, now);
      await tx.calendarFeeds.revokeAll(user.id, now);
    });
    return { user, token: await this.sessions.start(user.id) };
  }

  /**
   * Changes the password (403 PASSWORD_INVALID for a wrong current one) and signs out every other
   * session, the browser extension's included; the calendar link is revoked too.
   */
  async changePassword(user: User, sessionHash: string, input: ChangePasswordInput): Promise<void> {
    const current = await this.deps.store.users.findById(user.id);
    if (!current?.passwordHash || !(await verifyPassword(input.currentPassword, current.passwordHash))) {
      throw new AppError('PASSWORD_INVALID');
    }
    const passwordHash = await hashPassword(input.password);
    const now = this.deps.now().toISOString();
    await this.deps.store.transaction(async (tx) => {
      await tx.users.setPasswordHash(user.id, passwordHash);
      await tx.sessions.deleteForUser(user.id, sessionHash);
      await tx.tokens.expirePasswordTokens(user.id, now);
      await tx.tokens.revokeExtensionTokens(user.id, now);
      await tx.calendarFeeds.revokeAll(user.id, now);
    });
  }

  /**
   * A new token for the browser extension; it can only post scraped recipes. Issuing one revokes the
   * user's earlier extension tokens, so re-authorising the extension is also how to revoke it.
   */
  async issueExtensionToken(userId: string): Promise<string> {
    const token = randomToken('mpx_');
    const now = this.deps.now().toISOString();
    await this.deps.store.transaction(async (tx) => {
      await tx.tokens.revokeExtensionTokens(userId, now);
      await tx.tokens.createExtensionToken({
        id: newId(),
        userId,
        tokenHash: hashToken(token),
        createdAt: now,
      });
    });
    return token;
  }

  /** Revokes every extension token of the user. */
  async revokeExtensionTokens(userId: string): Promise<void> {
    await this.deps.store.tokens.revokeExtensionTokens(userId, this.deps.now().toISOString());
  }

  /** The user an extension token belongs to; 401 when it is unknown or revoked. */
  async authenticateExtension(token: string): Promise<User> {
    const userId = await this.deps.store.tokens.findExtensionTokenUser(hashToken(token));
    const user = userId ? await this.deps.store.users.findById(userId) : undefined;
    if (!user) throw new AppError('EXTENSION_TOKEN_INVALID');
    return user;
  }
}
