/** docs/BEHAVIOUR.md §8's error catalogue for the sign-in pages, word for word. */
export const AUTH_MESSAGES = {
  loginInvalid: 'Email or password is invalid',
  loginFailed: 'Oops, something went wrong. Try again later',
  emailInUse: 'Email is already in use',
  resetSent: 'Check your email!',
  resetRateLimited:
    'A password reset was already requested for this email within the last 24 hours. Please check your email, including the spam folder.',
  resetFailed: 'Password reset failed! Please try again later.',
  setPasswordFailed: 'Unable to change password. Please try again later',
  passwordSet: 'Password set',
  passwordInvalid: 'Password is invalid',
  changePasswordFailed: 'Unable to reset password. Try again later.',
  passwordChanged: 'Password changed',
  invitationNotForYou: 'This invitation is not for you. Please login with the correct account',
  invitationApproved: 'Invitation approved! Reloading the product...',
  invitationDeclined: 'Invitation declined',
  invitationFailed: 'Unable to answer the invitation. Please try again later',
  extensionFailed: 'Unable to authorize the chrome extension. Please try again later',
} as const;
