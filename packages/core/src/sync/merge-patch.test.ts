import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMergePatch, createMergePatch } from './merge-patch.js';

describe('applyMergePatch (RFC 7386)', () => {
  it.each([
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [
      ['a', 'b'],
      ['c', 'd'],
      ['c', 'd'],
    ],
    [{ a: 'b' }, ['c'], ['c']],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
  ])('the RFC appendix example %#', (target, patch, expected) => {
    expect(applyMergePatch(target, patch)).toEqual(expected);
  });

  it('does not mutate its inputs', () => {
    const target = { recipes: { r1: { name: 'Soup', servings: 4 } } };
    const patch = { recipes: { r1: { servings: 6 }, r2: { name: 'Bread' } } };
    const before = JSON.parse(JSON.stringify({ target, patch })) as unknown;
    applyMergePatch(target, patch);
    expect({ target, patch }).toEqual(before);
  });
});

describe('createMergePatch', () => {
  it('sends only the changed entity, keyed by id', () => {
    const from = { recipes: { r1: { name: 'Soup', servings: 4 }, r2: { name: 'Bread' } } };
    const to = { recipes: { r1: { name: 'Soup', servings: 6 } } };
    expect(createMergePatch(from, to)).toEqual({ recipes: { r1: { servings: 6 }, r2: null } });
  });

  it('returns undefined when nothing changed', () => {
    expect(createMergePatch({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBeUndefined();
  });

  const doc = fc.dictionary(
    fc.string({ maxLength: 3 }),
    fc.oneof(
      fc.integer(),
      fc.string(),
      fc.array(fc.integer()),
      fc.dictionary(fc.string({ maxLength: 2 }), fc.integer()),
    ),
  );
  it('produces a patch that turns the old document into the new one', () => {
    fc.assert(
      fc.property(doc, doc, (from, to) => {
        const patch = createMergePatch(from, to);
        expect(patch === undefined ? from : applyMergePatch(from, patch)).toEqual(to);
      }),
    );
  });
});
