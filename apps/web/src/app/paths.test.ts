import { describe, expect, it } from 'vitest';
import { isSignedInPath, pageTitle } from './paths';

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

describe('pageTitle', () => {
  it('names the page before the brand, parameters and a trailing slash included', () => {
    expect(pageTitle('/login')).toBe('Login · Mealplan');
    expect(pageTitle('/login/')).toBe('Login · Mealplan');
    expect(pageTitle('/settings/profile')).toBe('My Profile · Mealplan');
    expect(pageTitle('/set-password/a%40b.c/123')).toBe('Set Password · Mealplan');
    expect(pageTitle('/legal/terms-of-service')).toBe('Terms of Service · Mealplan');
  });

  it('is the brand alone on the landing page and on unknown paths', () => {
    expect(pageTitle('/')).toBe('Mealplan');
    expect(pageTitle('/nope')).toBe('Mealplan');
  });
});
