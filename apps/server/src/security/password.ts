import crypto from 'node:crypto';

/**
 * Password hashing with node:crypto scrypt (no native dependency). Stored as
 * `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later without breaking old hashes.
 */
const N = 16_384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}

/**
 * Verified against when the e-mail is unknown, so timing tells nothing: a hash of the current cost
 * (N, r, p) whose password nobody knows, and which signs no one in anyway (there is no account).
 * Written out rather than hashed at start, which took a scrypt's time from the server's start-up
 * (bench/README.md "server-start").
 */
export const DUMMY_HASH = [
  'scrypt',
  N,
  R,
  P,
  'P6r0pTo0LD_bJMO0m-JozA',
  'FDWWSYTKFL21PNscWIRuNds0jPW8tibGIA31TIRxPfs',
].join('$');
