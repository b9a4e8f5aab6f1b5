import { describe, expect, it } from 'vitest';
import { fallbackName, fullName, shortName } from './display-name';

describe('fallbackName (docs/BEHAVIOUR.md §9)', () => {
  it('capitalises the local part of the e-mail', () => {
    expect(fallbackName('ada@example.org')).toBe('Ada');
  });

  it('keeps at most 8 characters', () => {
    expect(fallbackName('jonathan.smith@example.org')).toBe('Jonathan');
    expect(fallbackName('abcdefghij@example.org')).toBe('Abcdefgh');
  });

  it('lowers the rest, like a capitalised word', () => {
    expect(fallbackName('MARY@example.org')).toBe('Mary');
  });

  it('uses the e-mail itself when the name would be shorter than 2 characters', () => {
    expect(fallbackName('a@example.org')).toBe('a@example.org');
    expect(fallbackName('@example.org')).toBe('@example.org');
    expect(fallbackName('x')).toBe('x');
  });

  it('takes exactly 2 characters as a name', () => {
    expect(fallbackName('jo@example.org')).toBe('Jo');
  });
});

describe('shortName and fullName', () => {
  it('prefers the first name, then the last name, then the fallback (agenda tab rule)', () => {
    expect(shortName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x.org' })).toBe('Ada');
    expect(shortName({ firstName: ' ', lastName: 'Lovelace', email: 'a@x.org' })).toBe('Lovelace');
    expect(shortName({ firstName: null, lastName: null, email: 'charles@x.org' })).toBe('Charles');
  });

  it('joins first and last name, else falls back', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x.org' })).toBe('Ada Lovelace');
    expect(fullName({ firstName: '', lastName: 'Lovelace', email: 'a@x.org' })).toBe('Lovelace');
    expect(fullName({ email: 'charles@x.org' })).toBe('Charles');
  });
});
