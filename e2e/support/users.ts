import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

/** A person in a story: a fresh address per test, so tests never share accounts. */
export interface TestUser {
  email: string;
  password: string;
}

let counter = 0;

/** A new, unused address and a valid password. */
export function newUser(name = 'cook'): TestUser {
  counter += 1;
  const unique = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `${name}-${unique}@example.org`, password: 'cabbage-soup-42' };
}

/**
 * Registers through the API, which also signs in the browser context that owns `request`
 * (it shares the context's cookies). For stories where registering is not the point.
 */
export async function registerByApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/apx/auth/register', { data: user });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the API (same cookie sharing as above). */
export async function loginByApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/apx/auth/login', { data: user });
  expect(response.status(), await response.text()).toBe(200);
}
