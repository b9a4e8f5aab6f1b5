import {
  ChangePasswordInputSchema,
  CurrentUserSchema,
  EmailInputSchema,
  LoginInputSchema,
  RegisterInputSchema,
  SetPasswordInputSchema,
} from '@mealplan/core';
import type { FastifyInstance } from 'fastify';
import { clearSessionCookie, sessionOf, setSessionCookie, SESSION_COOKIE } from '../http/auth.js';
import { routeSchema, validated } from '../http/route-schema.js';

const AUTH_BODY_LIMIT = 16 * 1024;

/**
 * Authentication (docs/BEHAVIOUR.md §7, §8): public calls under /apx/auth, signed-in ones under /api/auth.
 * Sign-in calls set the httpOnly session cookie and answer with the current user.
 */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { auth, me } = app.services;
  const perMinute = app.deps.config.authRateLimit;
  const rateLimit = perMinute > 0 ? { max: perMinute, timeWindow: 60_000 } : (false as const);
  const common = { bodyLimit: AUTH_BODY_LIMIT, config: { auth: 'none' as const, rateLimit } };
  const tags = ['auth'];

  app.post(
    '/apx/auth/register',
    {
      ...common,
      schema: routeSchema({
        summary: 'Create an account and sign in',
        tags,
        body: RegisterInputSchema,
        security: 'none',
        response: {
          200: CurrentUserSchema,
          400: "{code:'EMAIL_IN_USE', message:'Email is already in use'} or a validation error",
        },
      }),
    },
    async (request, reply) => {
      const input = validated(RegisterInputSchema, request.body);
      const { user, token } = await auth.register(input);
      setSessionCookie(request, reply, token);
      return me.get(user.id);
    },
  );

  app.post(
    '/apx/auth/login',
    {
      ...common,
      schema: routeSchema({
        summary: 'Sign in',
        tags,
        body: LoginInputSchema,
        security: 'none',
        response: {
          200: CurrentUserSchema,
          403: "{code:'INVALID_CREDENTIALS', message:'Email or password is invalid'}",
        },
      }),
    },
    async (request, reply) => {
      const input = validated(LoginInputSchema, request.body);
      const { user, token } = await auth.login(input);
      setSessionCookie(request, reply, token);
      return me.get(user.id);
    },
  );

  app.post(
    '/apx/auth/logout',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: { auth: 'none' },
      schema: routeSchema({
        summary: 'Sign out (ends this session)',
        tags,
        security: 'none',
        response: { 204: 'Signed out' },
      }),
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await app.services.sessions.end(token);
      clearSessionCookie(request, reply);
      return reply.status(204).send();
    },
  );

  app.post(
    '/apx/auth/reset-password',
    {
      ...common,
      schema: routeSchema({
        summary: 'Mail a set-password link (at most once per 24 hours)',
        tags,
        body: EmailInputSchema,
        security: 'none',
        response: { 200: 'Mail sent (also for unknown addresses, and at most once in 24 h)' },
      }),
    },
    async (request) => {
      const input = validated(EmailInputSchema, request.body);
      await auth.requestPasswordReset(input.email);
      return {};
    },
  );

  app.post(
    '/apx/auth/set-password',
    {
      ...common,
      schema: routeSchema({
        summary: 'Set a password with the one-time password of a mailed link, and sign in',
        tags,
        body: SetPasswordInputSchema,
        security: 'none',
        response: { 200: CurrentUserSchema, 400: "{code:'OTP_INVALID'} for a wrong, used or expired link" },
      }),
    },
    async (request, reply) => {
      const input = validated(SetPasswordInputSchema, request.body);
      const { user, token } = await auth.setPassword(input);
      setSessionCookie(request, reply, token);
      return me.get(user.id);
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      config: { rateLimit },
      schema: routeSchema({
        summary: 'Change the password; every other session is signed out',
        tags,
        body: ChangePasswordInputSchema,
        response: { 200: 'Changed', 403: "{code:'PASSWORD_INVALID', message:'Password is invalid'}" },
      }),
    },
    async (request) => {
      const session = sessionOf(request);
      const input = validated(ChangePasswordInputSchema, request.body);
      await auth.changePassword(session.user, session.sessionHash, input);
      return {};
    },
  );

  app.get(
    '/api/auth/chrome-extension-token',
    {
      schema: routeSchema({
        summary: 'Issue a token for the browser extension (text/plain); revokes earlier ones',
        tags,
        response: { 200: 'The token, as text' },
      }),
    },
    async (request, reply) => {
      const token = await auth.issueExtensionToken(sessionOf(request).user.id);
      return reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(token);
    },
  );

  app.delete(
    '/api/auth/chrome-extension-token',
    {
      schema: routeSchema({
        summary: 'Revoke every extension token of the user',
        tags,
        response: { 204: 'Revoked' },
      }),
    },
    async (request, reply) => {
      await auth.revokeExtensionTokens(sessionOf(request).user.id);
      return reply.status(204).send();
    },
  );
}
