import {
  ChangePasswordRequest,
  EditProfileAnswer,
  EditProfileRequest,
  ErrorAnswer,
  GuestAnswer,
  GuestRequest,
  LoginAnswer,
  LoginRequest,
  LogoutRequest,
  MessageAnswer,
  RegisterAnswer,
  RegisterRequest,
  UpdateProfileRequest,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Limits } from '../../lib/rate-limit';
import { IdentityService } from './identity.service';

const failures = {
  400: ErrorAnswer,
  401: ErrorAnswer,
  403: ErrorAnswer,
  404: ErrorAnswer,
  409: ErrorAnswer,
  429: ErrorAnswer,
};

/** Identity calls of product.md §7 plus `logout`: sessions start and end here. */
export const identityRoutes: FastifyPluginAsyncZod<{ limits: Limits }> = async (app, options) => {
  const identity = new IdentityService(app, options.limits);

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
      const user = await identity.register(request, request.body);
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
      const { user, cartError } = await identity.login(request, reply, request.body);
      return {
        success: true as const,
        message: 'Login successful.',
        user,
        ...(cartError ? { cart_message: cartError } : {}),
      };
    },
  );

  const guestSchema = {
    tags: ['identity'],
    summary: 'Continue as a guest: reuses the session’s guest or starts one; 409 while a user is logged in',
    response: { 200: GuestAnswer, ...failures },
  };
  app.post('/get_guest_id', { schema: { ...guestSchema, body: GuestRequest } }, async (request, reply) => {
    const { guestId, reused, cartError } = await identity.startGuest(request, reply, request.body);
    return {
      success: true as const,
      guest_id: guestId,
      message: reused ? 'Welcome back, Guest!' : 'You are logged in as a Guest.',
      ...(cartError ? { cart_message: cartError } : {}),
    };
  });
  app.get('/get_guest_id', { schema: guestSchema }, async (request, reply) => {
    const { guestId, reused } = await identity.startGuest(request, reply, {});
    return {
      success: true as const,
      guest_id: guestId,
      message: reused ? 'Welcome back, Guest!' : 'You are logged in as a Guest.',
    };
  });

  app.post(
    '/logout',
    {
      schema: { tags: ['identity'], summary: 'End the session', body: LogoutRequest, response: { 200: MessageAnswer } },
    },
    async (request, reply) => {
      await identity.logout(request, reply);
      return { success: true as const, message: 'You have been logged out.' };
    },
  );

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
    async (request) => ({ success: true as const, user: await identity.profile(request, request.body.user_id) }),
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
      await identity.updateProfile(request, request.body);
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
      await identity.changePassword(request, request.body);
      return { success: true as const, message: 'Password reset successfully! Please log in again.' };
    },
  );
};
