import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { registerErrorHandler } from './errors.js';
import { documentSchema, routeSchema, validated, validateWithZod } from './route-schema.js';

const Body = z.object({ email: z.string().trim().min(1, 'Email is required'), servings: z.number().int() });

async function appWith(handler: (body: z.output<typeof Body>) => void) {
  const app = Fastify();
  validateWithZod(app);
  registerErrorHandler(app);
  app.post(
    '/thing',
    { schema: routeSchema({ summary: 'A thing', tags: ['test'], body: Body }) },
    async (request) => {
      handler(validated(Body, request.body));
      return { ok: true };
    },
  );
  await app.ready();
  return app;
}

describe('one zod schema per route', () => {
  it('is what Fastify validates the body with, before the handler runs', async () => {
    const handler = vi.fn();
    const app = await appWith(handler);
    const bad = await app.inject({ method: 'POST', url: '/thing', payload: { email: '', servings: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'Email is required' });
    const missing = await app.inject({ method: 'POST', url: '/thing', payload: { email: 'a@b.co' } });
    expect(missing.json()).toMatchObject({ message: 'servings is required' });
    expect(handler).not.toHaveBeenCalled();
  });

  it("hands the handler zod's parsed output", async () => {
    const handler = vi.fn();
    const app = await appWith(handler);
    const res = await app.inject({
      method: 'POST',
      url: '/thing',
      payload: { email: ' a@b.co ', servings: 4 },
    });
    expect(res.statusCode).toBe(200);
    expect(handler).toHaveBeenCalledWith({ email: 'a@b.co', servings: 4 });
  });

  it('is also the JSON schema of the API document', () => {
    const schema = documentSchema(routeSchema({ summary: 'A thing', tags: ['test'], body: Body })) as {
      body: object;
    };
    expect(JSON.parse(JSON.stringify(schema.body))).toMatchObject({
      type: 'object',
      properties: { email: { type: 'string', minLength: 1 } },
      required: ['email', 'servings'],
    });
  });
});
