import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError, ERRORS, type ErrorCode } from './app-error.js';

describe('error catalogue', () => {
  it('renders the docs/BEHAVIOUR.md §8 messages exactly', () => {
    expect(new AppError('INVALID_CREDENTIALS').toBody()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Email or password is invalid',
    });
    expect(new AppError('EMAIL_IN_USE').message).toBe('Email is already in use');
    expect(new AppError('PASSWORD_INVALID').message).toBe('Password is invalid');
    expect(new AppError('INVITATION_NOT_FOR_YOU').statusCode).toBe(403);
  });

  it('fills placeholders and keeps headers for the response', () => {
    const error = new AppError('PLAN_LIMIT_RECIPES', { params: { limit: 200 }, headers: { etag: '"1"' } });
    expect(error.message).toBe('Your plan allows up to 200 recipes');
    expect(error.headers).toEqual({ etag: '"1"' });
  });

  it('writes a counted noun in the singular only for 1', () => {
    expect(new AppError('PLAN_LIMIT_STORES', { params: { limit: 1 } }).message).toBe(
      'Your plan allows up to 1 grocery store',
    );
    expect(new AppError('PLAN_LIMIT_STORES', { params: { limit: 10 } }).message).toBe(
      'Your plan allows up to 10 grocery stores',
    );
    expect(new AppError('PLAN_LIMIT_USERS', { params: { limit: 2 } }).message).toBe(
      'Your plan allows up to 2 users per account',
    );
  });

  it('is documented code by code in docs/API.md', () => {
    const doc = fs.readFileSync(fileURLToPath(new URL('../../../../docs/API.md', import.meta.url)), 'utf8');
    for (const code of Object.keys(ERRORS) as ErrorCode[]) {
      expect(doc, code).toMatch(new RegExp(`\\|\\s*\`${code}\`\\s*\\|\\s*${ERRORS[code].status}\\s*\\|`));
    }
  });
});
