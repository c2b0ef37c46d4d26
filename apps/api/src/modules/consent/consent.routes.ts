import {
  CONSENT_PURPOSES,
  ConsentUpdateAnswer,
  ConsentUpdateRequest,
  ErrorAnswer,
  MyConsentsAnswer,
  MyConsentsRequest,
  PrivacyNoticeAnswer,
  PrivacyNoticeRequest,
} from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveOwner } from '../../lib/owner';
import { myConsents, setMyConsent } from './consent.service';
import { currentNotice, grievanceOfficer } from './notices';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer };
const USERS_ONLY = 'Please log in to see and change your consents.';

/** The notice in force as `privacy_notice` answers it, with the grievance officer of the settings. */
async function noticeAnswer(db: Queryable): Promise<PrivacyNoticeAnswer> {
  const [notice, officer] = await Promise.all([currentNotice(db), grievanceOfficer(db)]);
  return {
    success: true as const,
    notice: {
      version: notice.version,
      body: notice.body,
      published_at: notice.createdAt.toISOString(),
      grievance_officer: officer,
    },
  };
}

/** The privacy notice in force, and a signed-in shopper's consents with their switches (issue 35). */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  // The storefront's server render of /privacy reads the notice in the same process, as the route answers it.
  app.publicCalls.add('privacy_notice', PrivacyNoticeRequest, async () => JSON.stringify(await noticeAnswer(db)));

  app.post(
    '/privacy_notice',
    {
      schema: {
        tags: ['privacy'],
        summary: 'The privacy notice in force (Markdown), its version, and the grievance officer it names',
        body: PrivacyNoticeRequest,
        response: { 200: PrivacyNoticeAnswer },
      },
    },
    () => noticeAnswer(db),
  );

  app.post(
    '/my_consents',
    {
      schema: {
        tags: ['privacy'],
        summary: "The shopper's consent for every purpose: given or not, since when, and where it was said",
        body: MyConsentsRequest,
        response: { 200: MyConsentsAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request, {}, { usersOnly: USERS_ONLY });
      if (owner.kind !== 'user') throw new Error('resolveOwner let a guest through a users-only call');
      return { success: true as const, consents: await myConsents(db, owner.userId) };
    },
  );

  app.post(
    '/consent_update',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Give or withdraw one consent (the profile switch); recorded in the ledger with the notice version',
        body: ConsentUpdateRequest,
        response: { 200: ConsentUpdateAnswer, ...failures },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request, {}, { usersOnly: USERS_ONLY });
      if (owner.kind !== 'user') throw new Error('resolveOwner let a guest through a users-only call');
      const { purpose, given, notice_version: noticeVersion } = request.body;
      const consents = await setMyConsent(db, owner.userId, {
        purpose,
        given,
        noticeVersion,
        clientAddress: request.ip,
      });
      const label = CONSENT_PURPOSES[purpose];
      const message = given
        ? `Thank you: “${label}” is on.`
        : `Done: “${label}” is off. You can turn it on again here.`;
      return { success: true as const, message, consents };
    },
  );
};
