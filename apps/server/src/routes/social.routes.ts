import {
  CoplannerInputSchema,
  CoplannerSchema,
  EmailInputSchema,
  EntityIdSchema,
  FollowingEntrySchema,
  UserIdInputSchema,
} from '@mealplan/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionOf } from '../http/auth.js';
import { routeSchema, validated } from '../http/route-schema.js';

const IdParamsSchema = z.strictObject({ id: EntityIdSchema });
const UserIdParamsSchema = z.strictObject({ userId: EntityIdSchema });
const CoplannerEntrySchema = CoplannerSchema.extend({ isPending: z.literal(true).optional() });
const BODY_LIMIT = 16 * 1024;

/**
 * Co-planners, their invitations (`/api/verifications`) and following (docs/BEHAVIOUR.md §6, §7). Errors carry
 * codes the forms show as is: FOLLOW_USER_NOT_FOUND, FOLLOW_SELF, FOLLOW_ALREADY, ...
 */
export async function socialRoutes(app: FastifyInstance): Promise<void> {
  const { coplanners, follows } = app.services;
  const coplannerTags = ['co-planners'];
  const followTags = ['following'];

  app.get(
    '/api/coplanners',
    {
      schema: routeSchema({
        summary: 'Everyone else in the account, then pending invitations (isPending: true)',
        tags: coplannerTags,
        response: { 200: z.array(CoplannerEntrySchema) },
      }),
    },
    async (request) => coplanners.list(sessionOf(request).user),
  );

  app.post(
    '/api/coplanners',
    {
      bodyLimit: BODY_LIMIT,
      schema: routeSchema({
        summary: 'Invite a co-planner by e-mail (mails /invitations/coplanner?id=..&from=..)',
        tags: coplannerTags,
        body: CoplannerInputSchema,
        response: { 200: CoplannerEntrySchema },
      }),
    },
    async (request) => {
      const { user } = sessionOf(request);
      return coplanners.invite(user, validated(CoplannerInputSchema, request.body));
    },
  );

  app.delete(
    '/api/coplanners/:userId',
    {
      schema: routeSchema({
        summary: 'Remove a co-planner, or cancel their pending invitation',
        tags: coplannerTags,
        params: UserIdParamsSchema,
        response: { 204: 'Removed' },
      }),
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      await coplanners.remove(user, validated(UserIdParamsSchema, request.params).userId);
      return reply.status(204).send();
    },
  );

  for (const action of ['approve', 'decline'] as const) {
    app.post(
      `/api/verifications/${action}/:id`,
      {
        bodyLimit: BODY_LIMIT,
        schema: routeSchema({
          summary: `${action === 'approve' ? 'Accept' : 'Decline'} a co-planner invitation (only as the invited user)`,
          tags: coplannerTags,
          params: IdParamsSchema,
          response: { 200: 'Done', 403: "{code:'INVITATION_NOT_FOR_YOU'}" },
        }),
      },
      async (request) => {
        const { user } = sessionOf(request);
        const { id } = validated(IdParamsSchema, request.params);
        await (action === 'approve' ? coplanners.approve(user, id) : coplanners.decline(user, id));
        return {};
      },
    );
  }

  app.post(
    '/api/following/follow',
    {
      bodyLimit: BODY_LIMIT,
      schema: routeSchema({
        summary: 'Follow a user by e-mail, pending their approval',
        tags: followTags,
        body: EmailInputSchema,
        response: {
          200: FollowingEntrySchema,
          400: 'FOLLOW_SELF, FOLLOW_ALREADY',
          404: 'FOLLOW_USER_NOT_FOUND',
        },
      }),
    },
    async (request) => {
      const { user } = sessionOf(request);
      return follows.follow(user, validated(EmailInputSchema, request.body).email);
    },
  );

  app.post(
    '/api/following/unfollow',
    {
      bodyLimit: BODY_LIMIT,
      schema: routeSchema({
        summary: 'Stop following a user',
        tags: followTags,
        body: UserIdInputSchema,
        response: { 200: 'Done', 404: 'FOLLOW_NOT_FOUND' },
      }),
    },
    async (request) => {
      const { user } = sessionOf(request);
      await follows.unfollow(user, validated(UserIdInputSchema, request.body).userId);
      return {};
    },
  );

  for (const action of ['approve', 'decline'] as const) {
    app.post(
      `/api/following/${action}/:id`,
      {
        bodyLimit: BODY_LIMIT,
        schema: routeSchema({
          summary: `${action === 'approve' ? 'Approve' : 'Decline (or remove)'} a follower; body names the follower`,
          tags: followTags,
          params: IdParamsSchema,
          body: UserIdInputSchema,
          response: { 200: 'Done', 404: 'FOLLOW_NOT_FOUND' },
        }),
      },
      async (request) => {
        const { user } = sessionOf(request);
        const { id } = validated(IdParamsSchema, request.params);
        const { userId } = validated(UserIdInputSchema, request.body);
        await (action === 'approve' ? follows.approve(user, id, userId) : follows.decline(user, id, userId));
        return {};
      },
    );
  }
}
