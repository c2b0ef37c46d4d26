import {
  ChildProfileAddRequest,
  ChildProfileChangeAnswer,
  ChildProfileDeleteRequest,
  ChildProfilesAnswer,
  ChildProfilesRequest,
  ErrorAnswer,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Owner, resolveOwner } from '../../lib/owner';
import { addChildProfile, childProfilesOf, deleteChildProfile } from './child-profiles';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };
const USERS_ONLY = 'Please log in to keep your children’s sizes.';

/** The account the session speaks for; visitors (401) and guests (403) are refused by resolveOwner. */
function userIdOf(owner: Owner): number {
  if (owner.kind !== 'user') throw new Error('resolveOwner let a guest through a users-only call');
  return owner.userId;
}

/**
 * A signed-in parent's children (issue 38, ADR 059): list, add (with the `child_profile` consent), delete. No console
 * route reads them: the shop's staff never see a child.
 */
export const childProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const usersOnly = { usersOnly: USERS_ONLY };

  app.post(
    '/child_profiles',
    {
      schema: {
        tags: ['fit'],
        summary: "The shopper's children: first name, birth month and age in months on India's day",
        body: ChildProfilesRequest,
        response: { 200: ChildProfilesAnswer, ...failures },
      },
    },
    async (request) => {
      const userId = userIdOf(await resolveOwner(request, {}, usersOnly));
      return { success: true as const, children: await childProfilesOf(db, userId) };
    },
  );

  app.post(
    '/child_profile_add',
    {
      schema: {
        tags: ['fit'],
        summary: 'Keep a child (first name optional, birth month); needs the child_profile consent; at most six',
        body: ChildProfileAddRequest,
        response: { 200: ChildProfileChangeAnswer, ...failures },
      },
    },
    async (request) => {
      const userId = userIdOf(await resolveOwner(request, {}, usersOnly));
      await addChildProfile(db, userId, request.body);
      const children = await childProfilesOf(db, userId);
      const name = request.body.first_name?.trim();
      return { success: true as const, message: `Saved${name ? `: ${name}` : ''}.`, children };
    },
  );

  app.post(
    '/child_profile_delete',
    {
      schema: {
        tags: ['fit'],
        summary: 'Delete one of my children; another shopper’s is 404',
        body: ChildProfileDeleteRequest,
        response: { 200: ChildProfileChangeAnswer, ...failures },
      },
    },
    async (request) => {
      const userId = userIdOf(await resolveOwner(request, {}, usersOnly));
      await deleteChildProfile(db, userId, request.body.id);
      return { success: true as const, message: 'Deleted.', children: await childProfilesOf(db, userId) };
    },
  );
};
