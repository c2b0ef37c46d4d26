import {
  ChangePasswordRequest,
  EditProfileAnswer,
  EditProfileRequest,
  ErrorAnswer,
  ForgotPasswordRequest,
  GuestAnswer,
  GuestRequest,
  LoginAnswer,
  LoginRequest,
  LogoutRequest,
  MessageAnswer,
  RegisterAnswer,
  RegisterRequest,
  ResetPasswordRequest,
  UpdateProfileRequest,
} from '@kapaas/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { resolveOwner } from '../../lib/owner';
import type { Limits } from '../../lib/rate-limit';
import {
  type Caller,
  changePassword,
  forgotPassword,
  GUESTS_CANNOT,
  logIn,
  profileOf,
  registerUser,
  resetPassword,
  startGuest,
  updateProfile,
} from './identity.service';
import { FORGOT_PASSWORD_MESSAGE, PASSWORD_RESET_MESSAGE } from './password-reset';

const failures = {
  400: ErrorAnswer,
  401: ErrorAnswer,
  403: ErrorAnswer,
  404: ErrorAnswer,
  409: ErrorAnswer,
  429: ErrorAnswer,
};

type IdentityApp = Parameters<FastifyPluginAsyncZod>[0];

/** The caller as the service sees it: the client's address and the request's session. */
async function callerOf(request: FastifyRequest): Promise<Caller> {
  return { address: request.ip, identity: await request.identity() };
}

/** The session's user and session, or the refusal a guest or a stranger hears (product.md §11). */
async function sessionUser(request: FastifyRequest, claimedUserId: number | undefined) {
  const owner = await resolveOwner(request, { user_id: claimedUserId }, { usersOnly: GUESTS_CANNOT });
  const identity = await request.identity();
  if (owner.kind !== 'user' || !identity) throw new AppError('FORBIDDEN', GUESTS_CANNOT);
  return { userId: owner.userId, sessionId: identity.sessionId };
}

const guestMessage = (reused: boolean) => (reused ? 'Welcome back, Guest!' : 'You are logged in as a Guest.');

/** register, login and logout: the routes start and end the session cookie the service asks for. */
function accountRoutes(app: IdentityApp, limits: Limits) {
  app.post(
    '/register',
    {
      schema: {
        tags: ['identity'],
        summary: 'Create an account (then log in)',
        body: RegisterRequest,
        response: { 200: RegisterAnswer, ...failures },
      },
    },
    async (request) => {
      const user = await registerUser(app.deps.db, limits, request.ip, request.body);
      return { success: true as const, message: 'Registration successful! Please log in.', user };
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['identity'],
        summary: 'Log in with e-mail or mobile; starts the session cookie',
        body: LoginRequest,
        response: { 200: LoginAnswer, ...failures },
      },
    },
    async (request, reply) => {
      const { user, session, cartError } = await logIn(app.deps, limits, await callerOf(request), request.body);
      await app.sessions.start(request, reply, session);
      return {
        success: true as const,
        message: 'Login successful.',
        user,
        ...(cartError ? { cart_message: cartError } : {}),
      };
    },
  );

  app.post(
    '/logout',
    {
      schema: { tags: ['identity'], summary: 'End the session', body: LogoutRequest, response: { 200: MessageAnswer } },
    },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      return { success: true as const, message: 'You have been logged out.' };
    },
  );
}

/** get_guest_id, by POST (with a pending item) or GET: a guest session, reused or started. */
function guestRoutes(app: IdentityApp, limits: Limits) {
  const guestSchema = {
    tags: ['identity'],
    summary: 'Continue as a guest: reuses the session’s guest or starts one; 409 while a user is logged in',
    response: { 200: GuestAnswer, ...failures },
  };
  app.post('/get_guest_id', { schema: { ...guestSchema, body: GuestRequest } }, async (request, reply) => {
    const { guestId, reused, session, cartError } = await startGuest(
      app.deps,
      limits,
      await callerOf(request),
      request.body,
    );
    if (session) await app.sessions.start(request, reply, session);
    return {
      success: true as const,
      guest_id: guestId,
      message: guestMessage(reused),
      ...(cartError ? { cart_message: cartError } : {}),
    };
  });
  app.get('/get_guest_id', { schema: guestSchema }, async (request, reply) => {
    const { guestId, reused, session } = await startGuest(app.deps, limits, await callerOf(request), {});
    if (session) await app.sessions.start(request, reply, session);
    return { success: true as const, guest_id: guestId, message: guestMessage(reused) };
  });
}

/** The logged-in user's profile and password. */
function profileRoutes(app: IdentityApp, limits: Limits) {
  app.post(
    '/edit_profile',
    {
      schema: {
        tags: ['identity'],
        summary: "The user's profile",
        body: EditProfileRequest,
        response: { 200: EditProfileAnswer, ...failures },
      },
    },
    async (request) => {
      const { userId } = await sessionUser(request, request.body.user_id);
      return { success: true as const, user: await profileOf(app.deps.db, userId) };
    },
  );

  app.post(
    '/update_profile',
    {
      schema: {
        tags: ['identity'],
        summary: 'Change name and phone (the e-mail is read-only)',
        body: UpdateProfileRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      const { userId } = await sessionUser(request, request.body.user_id);
      await updateProfile(app.deps.db, limits, userId, request.body);
      return { success: true as const, message: 'Profile updated successfully.' };
    },
  );

  app.post(
    '/change_password',
    {
      schema: {
        tags: ['identity'],
        summary: 'Change the password; ends every other session',
        body: ChangePasswordRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      const { userId, sessionId } = await sessionUser(request, request.body.user_id);
      await changePassword(app.deps.db, limits, userId, sessionId, request.body);
      return { success: true as const, message: 'Password reset successfully! Please log in again.' };
    },
  );
}

/** A forgotten password: a link by e-mail, then a new password through it (every session ends). */
function passwordResetRoutes(app: IdentityApp, limits: Limits) {
  app.post(
    '/forgot_password',
    {
      schema: {
        tags: ['identity'],
        summary: 'E-mail a link to reset the password; the same answer whether or not an account uses the address',
        body: ForgotPasswordRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request, reply) => {
      const sendLink = await forgotPassword(app.deps, limits, request.ip, request.body.email);
      // Looked up and written after the answer, so that its time says nothing about the address.
      app.afterAnswer.run(reply, 'a password reset link', sendLink);
      return { success: true as const, message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/reset_password',
    {
      schema: {
        tags: ['identity'],
        summary: "Set a new password with the e-mail's link (works once, for 30 minutes); ends every session",
        body: ResetPasswordRequest,
        response: { 200: MessageAnswer, ...failures },
      },
    },
    async (request) => {
      await resetPassword(app.deps.db, request.body);
      return { success: true as const, message: PASSWORD_RESET_MESSAGE };
    },
  );
}

/** Identity calls of product.md §7 plus `logout`: sessions start and end here. */
export const identityRoutes: FastifyPluginAsyncZod<{ limits: Limits }> = async (app, options) => {
  accountRoutes(app, options.limits);
  guestRoutes(app, options.limits);
  profileRoutes(app, options.limits);
  passwordResetRoutes(app, options.limits);
};
