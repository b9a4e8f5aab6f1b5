import type { MailMessage } from './mailer.js';

/**
 * The mails the server sends: a password reset, and a co-planner invitation (with a set-password
 * link when the invited address has no password yet). Plain text plus a minimal HTML part.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function html(paragraphs: string[], link: string, button: string, extra = ''): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${body}<p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p>${extra}<p style="color:#666">Mealplan</p></body></html>`;
}

/** The link to the set-password page: `/set-password/{email}/{otp}`. */
export function setPasswordLink(publicUrl: string, email: string, otp: string): string {
  return `${publicUrl}/set-password/${encodeURIComponent(email)}/${encodeURIComponent(otp)}`;
}

/** The link to the co-planner invitation page: `/invitations/coplanner?id=..&from=..`. */
export function invitationLink(publicUrl: string, invitationId: string, from: string): string {
  const query = new URLSearchParams({ id: invitationId, from });
  return `${publicUrl}/invitations/coplanner?${query.toString()}`;
}

/** The reset-password mail. */
export function resetPasswordMail(to: string, link: string): MailMessage {
  const lines = [
    'Someone (hopefully you) asked to reset the password of your Mealplan account.',
    'Open this link to choose a new password. It works once, within 24 hours:',
  ];
  return {
    to,
    subject: 'Reset your Mealplan password',
    text: `${lines.join('\n')}\n\n${link}\n\nIf you did not ask for this, ignore this mail: your password stays as it is.\n`,
    html: html(lines, link, 'Choose a new password'),
    link,
  };
}

/** The co-planner invitation; `setPassword` is included when the invited address is new. */
export function coplannerInvitationMail(
  to: string,
  inviterName: string,
  tenantName: string,
  link: string,
  setPassword: string | undefined,
): MailMessage {
  const household = tenantName ? `the ${tenantName} household` : 'their household';
  const lines = [
    `${inviterName} invited you to plan meals together in ${household} on Mealplan.`,
    'Sign in and open this link to accept or decline:',
  ];
  const first = setPassword
    ? `\nYou do not have a Mealplan password yet. Choose one first (the link works once, within 7 days):\n\n${setPassword}\n`
    : '';
  const extra = setPassword
    ? `<p>You do not have a Mealplan password yet. Choose one first:</p><p><a href="${escapeHtml(setPassword)}">Choose a password</a></p>`
    : '';
  return {
    to,
    subject: `${inviterName} invited you to Mealplan`,
    text: `${lines.join('\n')}\n\n${link}\n${first}`,
    html: html(lines, link, 'Open the invitation', extra),
    link: setPassword ? `${link} (set password: ${setPassword})` : link,
  };
}
