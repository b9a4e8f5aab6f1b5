import { describe, expect, it } from 'vitest';
import { isSignedInPath } from './paths';

describe('isSignedInPath', () => {
  it('knows the signed-in routes', () => {
    for (const path of ['/plan', '/groceries', '/settings', '/settings/profile', '/invitations/coplanner']) {
      expect(isSignedInPath(path)).toBe(true);
    }
  });

  it('treats public and unknown paths as public', () => {
    for (const path of ['/', '/login', '/legal/privacy', '/set-password/a%40b.c/123', '/nope']) {
      expect(isSignedInPath(path)).toBe(false);
    }
  });
});
