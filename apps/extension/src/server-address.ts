/**
 * The Mealplan server the extension talks to. People host Mealplan themselves, so the address
 * is a setting; only its origin is kept (a pasted `https://meals.example.org/plan` means the
 * server at `https://meals.example.org`).
 */
export const DEFAULT_SERVER = 'http://localhost:3000';

/** A checked address: the origin to use, or the sentence to show under the field. */
export type AddressCheck = { ok: true; origin: string } | { ok: false; error: string };

const LOCAL_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/**
 * Checks what a person typed as the server address. Without a scheme, https is assumed (http for
 * localhost). Paths, queries and fragments are dropped: Mealplan is always served from the root.
 */
export function parseServerAddress(input: string): AddressCheck {
  const text = input.trim();
  if (!text) {
    return {
      ok: false,
      error: 'Enter the address of your Mealplan server, like https://mealplan.example.org',
    };
  }
  if (/\s/.test(text)) return { ok: false, error: 'The address cannot contain spaces.' };
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  if (!hasScheme && /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) {
    return { ok: false, error: 'The address must start with http:// or https://' };
  }
  const hostPart = text.split('/')[0] ?? '';
  const candidate = hasScheme ? text : `${LOCAL_HOST.test(hostPart) ? 'http' : 'https'}://${text}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return {
      ok: false,
      error: `"${text}" is not a web address. Enter one like https://mealplan.example.org`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, error: 'The address must start with http:// or https://' };
  }
  if (url.username || url.password) {
    return { ok: false, error: 'Leave the user name and password out of the address.' };
  }
  if (!url.hostname) {
    return {
      ok: false,
      error: `"${text}" is not a web address. Enter one like https://mealplan.example.org`,
    };
  }
  return { ok: true, origin: url.origin };
}

/** The match pattern that covers every page of a server (for permissions). */
export function originPattern(origin: string): string {
  return `${origin}/*`;
}

/** The authorization page on a server, told which extension is asking (docs/BEHAVIOUR.md §2). */
export function authorizeUrl(origin: string, extensionId: string): string {
  return `${origin}/authorize-chrome-extension?extensionId=${encodeURIComponent(extensionId)}`;
}

/** Whether `url` (a page or sender address) is on the server `origin`. */
export function isOnServer(url: string | undefined, origin: string): boolean {
  if (!url) return false;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
