import { describe, expect, it } from 'vitest';
import { MESSAGES, validateEmail, validatePassword } from './validation';

describe('e-mail rule (docs/BEHAVIOUR.md §5)', () => {
  it('requires a value', () => {
    expect(validateEmail('')).toBe('Email is required');
  });

  it('wants text, @, text, dot, text', () => {
    expect(validateEmail('ada@example.org')).toBeUndefined();
    expect(validateEmail('a@b.c')).toBeUndefined();
    for (const bad of ['ada', 'ada@', 'ada@example', '@example.org', 'ada@.org', 'ada @x.org']) {
      expect(validateEmail(bad), bad).toBe('Entered value does not match email format');
    }
  });
});

describe('password rule (docs/BEHAVIOUR.md §5)', () => {
  it('requires a value', () => {
    expect(validatePassword('')).toBe('Password is required');
  });

  it('wants at least 7 characters', () => {
    expect(validatePassword('123456')).toBe('Password must be at least 7 characters');
    expect(validatePassword('1234567')).toBeUndefined();
  });

  it('spells the messages exactly as docs/BEHAVIOUR.md §5', () => {
    expect(MESSAGES).toEqual({
      emailRequired: 'Email is required',
      emailFormat: 'Entered value does not match email format',
      passwordRequired: 'Password is required',
      passwordLength: 'Password must be at least 7 characters',
      required: 'Required',
    });
  });
});
