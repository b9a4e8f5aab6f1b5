import { describe, expect, it } from 'vitest';
import { nextExtensionState } from './AuthorizeExtensionPage';
import { resetStateFor } from './ResetPasswordPage';
import { AUTH_MESSAGES } from './messages';

describe('reset password states (docs/BEHAVIOUR.md §4, §8)', () => {
  it('maps 200, 429 and anything else', () => {
    expect(resetStateFor(200)).toBe('success');
    expect(resetStateFor(429)).toBe('rate-limited');
    expect(resetStateFor(500)).toBe('failure');
    expect(resetStateFor(400)).toBe('failure');
    expect(resetStateFor(0)).toBe('failure');
  });

  it('says a reset was requested within 24 hours and to check spam', () => {
    expect(AUTH_MESSAGES.resetRateLimited).toMatch(/within the last 24 hours/);
    expect(AUTH_MESSAGES.resetRateLimited).toMatch(/spam/);
  });
});

describe('extension authorization states (docs/BEHAVIOUR.md §4)', () => {
  it('succeeds on 200, asks for a login on 401 and fails otherwise', () => {
    expect(nextExtensionState(200)).toBe(3);
    expect(nextExtensionState(401)).toBe(1);
    expect(nextExtensionState(403)).toBe(4);
    expect(nextExtensionState(500)).toBe(4);
    expect(nextExtensionState(0)).toBe(4);
  });
});

describe('error catalogue (docs/BEHAVIOUR.md §8)', () => {
  it('keeps the exact words', () => {
    expect(AUTH_MESSAGES).toMatchObject({
      loginInvalid: 'Email or password is invalid',
      loginFailed: 'Oops, something went wrong. Try again later',
      emailInUse: 'Email is already in use',
      resetSent: 'Check your email!',
      resetFailed: 'Password reset failed! Please try again later.',
      setPasswordFailed: 'Unable to change password. Please try again later',
      passwordSet: 'Password set',
      passwordInvalid: 'Password is invalid',
      changePasswordFailed: 'Unable to reset password. Try again later.',
      passwordChanged: 'Password changed',
      invitationNotForYou: 'This invitation is not for you. Please login with the correct account',
      invitationApproved: 'Invitation approved! Reloading the product...',
      invitationDeclined: 'Invitation declined',
      extensionFailed: 'Unable to authorize the chrome extension. Please try again later',
    });
  });
});
