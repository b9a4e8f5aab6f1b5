import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one or a malformed hash', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct hors', hash)).toBe(false);
    expect(await verifyPassword('correct horse', 'plain')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('checks an unknown e-mail against a hash of the same cost as a real one, which matches nothing', async () => {
    const cost = (hash: string) => hash.split('$').slice(0, 4).join('$');
    expect(cost(DUMMY_HASH)).toBe(cost(await hashPassword('any')));
    expect(Buffer.from(DUMMY_HASH.split('$')[5]!, 'base64url')).toHaveLength(32);
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
  });
});
