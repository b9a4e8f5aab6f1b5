/** How people are named on screen when they have not filled in their names (docs/BEHAVIOUR.md §2, §9). */

const FALLBACK_NAME_MAX = 8;

/**
 * The avatar fallback name: the e-mail's local part, cut to 8 characters and capitalised
 * ('jonathan.smith@x.org' -> 'Jonathan'). When that leaves fewer than 2 characters, the e-mail
 * itself is used ('a@x.org' -> 'a@x.org').
 */
export function fallbackName(email: string): string {
  const trimmed = email.trim();
  const local = (trimmed.split('@')[0] ?? '').slice(0, FALLBACK_NAME_MAX);
  if (local.length < 2) return trimmed;
  return local.charAt(0).toUpperCase() + local.slice(1).toLowerCase();
}

interface Named {
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}

/** A short label: the first name, else the last name, else the fallback name (agenda tabs, toasts). */
export function shortName(user: Named): string {
  return user.firstName?.trim() || user.lastName?.trim() || fallbackName(user.email);
}

/** The full name when there is one ('Ada Lovelace'), else the fallback name. */
export function fullName(user: Named): string {
  const full = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  return full || fallbackName(user.email);
}
