import { describe, expect, it } from 'vitest';
import { toastName, toastRecipeName, truncate } from './truncate';

describe('toast truncation (docs/BEHAVIOUR.md §8)', () => {
  it('keeps text up to the limit as it is', () => {
    expect(truncate('Lasagne', 15)).toBe('Lasagne');
    expect(truncate('x'.repeat(15), 15)).toBe('x'.repeat(15));
  });

  it('cuts longer text at the limit with an ellipsis', () => {
    expect(truncate('x'.repeat(16), 15)).toBe(`${'x'.repeat(15)}…`);
  });

  it('does not leave a space before the ellipsis', () => {
    expect(truncate('Spaghetti alla carbonara', 10)).toBe('Spaghetti…');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncate('🍕🍕🍕', 2)).toBe('🍕🍕…');
  });

  it('cuts names at 100 and recipe names at 15 characters', () => {
    expect(toastName('n'.repeat(120))).toBe(`${'n'.repeat(100)}…`);
    expect(toastName('n'.repeat(100))).toBe('n'.repeat(100));
    expect(toastRecipeName('Grandma’s famous apple pie')).toBe('Grandma’s famou…');
  });
});
