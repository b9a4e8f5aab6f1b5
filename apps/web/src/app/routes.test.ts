import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes';

describe('route table', () => {
  it('has every route of docs/BEHAVIOUR.md §2 exactly once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.sort()).toEqual(
      [
        '/plan',
        '/recipes',
        '/agenda',
        '/discover',
        '/groceries',
        '/settings',
        '/settings/profile',
        '/settings/chrome-extension',
        '/change-password',
        '/invitations/coplanner',
        '/login',
        '/logout',
        '/reset-password',
        '/set-password/:email/:otp',
        '/register',
        '/authorize-chrome-extension',
        '/legal/privacy',
        '/legal/terms-of-service',
      ].sort(),
    );
  });

  it('marks the ten signed-in routes', () => {
    expect(ROUTES.filter((r) => r.signedIn)).toHaveLength(10);
  });
});
