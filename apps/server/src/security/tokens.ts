import crypto from 'node:crypto';

/** A random 256-bit token, base64url: session cookies, extension tokens, one-time passwords. */
export function randomToken(prefix = ''): string {
  return prefix + crypto.randomBytes(32).toString('base64url');
}

/**
 * What the database stores instead of a token: its SHA-256, hex. (`crypto.hash`, one call without a
 * Hash object: this runs on every signed-in request.)
 */
export function hashToken(token: string): string {
  return crypto.hash('sha256', token, 'hex');
}

/** A new entity id (uuid v4). */
export function newId(): string {
  return crypto.randomUUID();
}
