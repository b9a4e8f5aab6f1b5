import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type * as zodModule from 'zod';
import { built, lazySchema } from './lazy.js';
import { MealTypeSchema, RecipeSchema } from './recipes.js';

describe('lazySchema', () => {
  it('builds the schema on first use only, once, and behaves as the schema', () => {
    const build = vi.fn(() => z.strictObject({ name: z.string().min(1, 'Required') }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();

    expect(schema.safeParse({ name: 'Soup' })).toEqual({ success: true, data: { name: 'Soup' } });
    const failed = schema.safeParse({ name: '' });
    expect(failed.success ? [] : failed.error.issues.map((issue) => issue.message)).toEqual(['Required']);
    expect(() => schema.parse({ name: 'Soup', extra: 1 })).toThrow();
    expect(Object.keys(schema.shape)).toEqual(['name']);
    expect(schema).toBeInstanceOf(z.ZodObject);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('composes: embedded in another schema, extended, omitted', () => {
    const id = lazySchema(() => z.string().regex(/^[a-z]+$/, 'Invalid id'));
    const item = lazySchema(() => z.strictObject({ id, qty: z.number() }));
    const list = z.array(item);
    expect(list.safeParse([{ id: 'abc', qty: 1 }]).success).toBe(true);
    const bad = list.safeParse([{ id: 'A1', qty: 1 }]);
    expect(bad.success ? [] : bad.error.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[0, 'id'], 'Invalid id'],
    ]);
    expect(item.omit({ qty: true }).safeParse({ id: 'abc' }).success).toBe(true);
    expect(item.extend({ note: z.string() }).safeParse({ id: 'abc', qty: 1 }).success).toBe(false);
  });
});

describe('built', () => {
  it("gives the schema behind a stand-in, which core's schemas are composed from", () => {
    const mealType = built(MealTypeSchema);
    expect(mealType).not.toBe(MealTypeSchema);
    expect(RecipeSchema.shape.mealType).toBe(mealType);
    expect(built(mealType)).toBe(mealType);
    expect(mealType.safeParse('dinner').success).toBe(true);
  });
});

describe('the schemas module', () => {
  afterEach(() => {
    vi.doUnmock('zod');
    vi.resetModules();
  });

  it('builds no zod schema when imported, only when one is used', async () => {
    let built = 0;
    vi.resetModules();
    vi.doMock('zod', async (importOriginal) => {
      const actual = await importOriginal<typeof zodModule>();
      const counting = new Proxy(actual.z, {
        get(target, key) {
          const value = Reflect.get(target, key) as unknown;
          if (typeof value !== 'function' || key === 'config') return value;
          return (...args: unknown[]) => {
            built++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      return { ...actual, z: counting };
    });
    const schemas = await import('./index.js');
    expect(built).toBe(0);

    expect(schemas.planLimits('pro').stores).toBe(10);
    expect(schemas.planLimits('constructor').stores).toBe(1);
    schemas.emptyDocument('groceries');
    expect(built).toBe(0);

    expect(schemas.documentSchemas.notes.safeParse({ notes: { '2025-02-30': 'x' } }).success).toBe(false);
    expect(built).toBeGreaterThan(0);
  });
});
