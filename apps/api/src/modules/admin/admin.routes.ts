import {
  AdminChangePasswordRequest,
  AdminForgotPasswordRequest,
  AdminLoginAnswer,
  AdminLoginRequest,
  AdminMeAnswer,
  AdminMessageAnswer,
  AdminResetPasswordRequest,
  ErrorAnswer,
} from '@kapaas/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { Limits } from '../../lib/rate-limit';
import { FORGOT_PASSWORD_MESSAGE, PASSWORD_RESET_MESSAGE } from '../identity';
import { reportRoutes } from '../reports';
import { auditRoutes } from './audit';
import { findAdmin } from './auth.repository';
import {
  ADMIN_OWNER_ONLY,
  ADMIN_TOKEN_MISSING,
  type AdminPrincipal,
  authenticateAdmin,
  changeAdminPassword,
  ensureFirstOwner,
  forgotAdminPassword,
  logInAdmin,
  logOutAdmin,
  resetAdminPassword,
  toAdminAccount,
} from './auth.service';
import { adminBreachRoutes } from './breaches.routes';
import { catalogueResources } from './catalogue.resources';
import { contentResources } from './content.resources';
import { importRoutes } from './imports/imports.routes';
import type { PictureAddressPolicy } from './imports/pictures';
import { adminInvoiceRoutes } from './orders/admin-invoices.routes';
import { adminLabelRoutes } from './orders/admin-labels.routes';
import { adminOrderMessageRoutes } from './orders/admin-order-messages.routes';
import { adminOrderRoutes } from './orders/admin-orders.routes';
import { outboxRoutes } from './outbox.routes';
import { peopleResources } from './people.resources';
import { adminPrivacyRequestRoutes } from './privacy.routes';
import { adminPrivacyDataRoutes } from './privacy-data.routes';
import { privacyNoticeRoutes } from './privacy-notice.routes';
import { productBulkRoutes } from './products/bulk.routes';
import { productRoutes } from './products/products.routes';
import { productExportRoutes } from './products/products-export.routes';
import { adminOf } from './resource';
import { adminReturnRoutes } from './returns/admin-returns.routes';
import { adminReviewRoutes } from './reviews.routes';
import { settingsRoutes } from './settings';
import { adminShipmentRoutes } from './shipments.routes';
import { shippingZoneRoutes } from './shipping-zones';
import { shopResources } from './shop.resources';
import { sizeChartRoutes } from './size-charts.routes';
import { uploadRoutes } from './uploads';
import { whatsAppInboxRoutes } from './whatsapp-inbox.routes';
import { whatsAppTemplateRoutes } from './whatsapp-templates.routes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin an /admin/api request acts for; set by the admin API's auth hook. */
    admin: AdminPrincipal | null;
  }
  interface FastifyContextConfig {
    /** The route answers without a token (login). */
    adminPublic?: boolean;
    /** Only owners may use the route. */
    ownerOnly?: boolean;
  }
}

export interface AdminOptions {
  config: Config;
  limits: Limits;
  /** Where uploaded images are written (served under /media/). */
  mediaDir: string;
  /** Where shoppers' return photos are kept (DATA_DIR/private), which the staff open through /return-photos/. */
  privateDir: string;
  /** Which addresses the catalogue import fetches pictures from: public ones only, unless a test says (ADR 064). */
  importPicturePolicy?: PictureAddressPolicy | undefined;
}

/**
 * The admin API (product.md §15) under /admin/api/: JSON over REST with a Bearer token
 * from POST /login. A shopper's cookie never opens it: only the Authorization header is read.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminOptions> = async (app, options) => {
  await ensureFirstOwner(app.deps, options.config.ADMIN_EMAIL, options.config.ADMIN_PASSWORD);

  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.adminPublic) return;
    const admin = await authenticateAdmin(app.deps.db, request.headers.authorization);
    if (!admin) throw new AppError('UNAUTHORIZED', ADMIN_TOKEN_MISSING);
    if (config.ownerOnly && admin.role !== 'owner') throw new AppError('FORBIDDEN', ADMIN_OWNER_ONLY);
    request.admin = admin;
  });

  await app.register(sessionRoutes, { limits: options.limits });
  await app.register(passwordResetRoutes, { limits: options.limits });
  await app.register(auditRoutes);
  await app.register(productRoutes);
  await app.register(productBulkRoutes);
  await app.register(catalogueResources);
  await app.register(contentResources);
  await app.register(shopResources);
  await app.register(peopleResources);
  await app.register(settingsRoutes);
  await app.register(privacyNoticeRoutes);
  await app.register(shippingZoneRoutes);
  await app.register(uploadRoutes, { mediaDir: options.mediaDir });
  await app.register(adminOrderRoutes);
  await app.register(adminShipmentRoutes);
  await app.register(adminInvoiceRoutes);
  await app.register(adminLabelRoutes);
  await app.register(adminReturnRoutes, { mediaDir: options.mediaDir, privateDir: options.privateDir });
  await app.register(outboxRoutes);
  await app.register(adminReviewRoutes);
  await app.register(adminPrivacyRequestRoutes);
  await app.register(adminPrivacyDataRoutes, { mediaDir: options.mediaDir, privateDir: options.privateDir });
  await app.register(adminBreachRoutes);
  await app.register(whatsAppTemplateRoutes);
  await app.register(reportRoutes);
  await app.register(whatsAppInboxRoutes);
  await app.register(adminOrderMessageRoutes);
  await app.register(sizeChartRoutes);
  await app.register(productExportRoutes, { publicUrl: options.config.publicUrl });
  await app.register(importRoutes, {
    mediaDir: options.mediaDir,
    publicUrl: options.config.publicUrl,
    picturePolicy: options.importPicturePolicy ?? 'public',
  });
};

const sessionRoutes: FastifyPluginAsyncZod<{ limits: Limits }> = async (app, { limits }) => {
  const security = [{ adminToken: [] }];
  app.post(
    '/login',
    {
      config: { adminPublic: true },
      schema: {
        tags: ['admin'],
        summary: 'Log in: answers a Bearer token for the other admin routes',
        body: AdminLoginRequest,
        response: { 200: AdminLoginAnswer, 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 429: ErrorAnswer },
      },
    },
    async (request) => {
      const caller = { address: request.ip, userAgent: request.headers['user-agent'] };
      const { email, password } = request.body;
      const { token, expiresAt, admin } = await logInAdmin(app.deps.db, limits, caller, email, password);
      return { success: true as const, token, expires_at: expiresAt.toISOString(), admin: toAdminAccount(admin) };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revoke the token this request carries',
        security,
        response: { 200: AdminMessageAnswer, 401: ErrorAnswer },
      },
    },
    async (request) => {
      await logOutAdmin(app.deps.db, adminOf(request));
      return { success: true as const, message: 'Logged out.' };
    },
  );

  app.post(
    '/me/password',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change your own password (your other sessions end)',
        security,
        body: AdminChangePasswordRequest,
        response: { 200: AdminMessageAnswer, 400: ErrorAnswer, 401: ErrorAnswer, 429: ErrorAnswer },
      },
    },
    async (request) => {
      const { current_password, password } = request.body;
      await changeAdminPassword(app.deps.db, limits, adminOf(request), current_password, password);
      return { success: true as const, message: 'Password changed. You were logged out everywhere else.' };
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['admin'],
        summary: 'The admin the token belongs to',
        security,
        response: { 200: AdminMeAnswer, 401: ErrorAnswer },
      },
    },
    async (request) => {
      const row = await findAdmin(app.deps.db, adminOf(request).id);
      if (!row) throw new AppError('UNAUTHORIZED', ADMIN_TOKEN_MISSING);
      return { success: true as const, data: toAdminAccount(row) };
    },
  );
};

/** A forgotten password: a link by e-mail, then a new password through it; both public, like the login. */
const passwordResetRoutes: FastifyPluginAsyncZod<{ limits: Limits }> = async (app, { limits }) => {
  const failures = { 400: ErrorAnswer, 403: ErrorAnswer, 429: ErrorAnswer };
  app.post(
    '/forgot_password',
    {
      config: { adminPublic: true },
      schema: {
        tags: ['admin'],
        summary: "E-mail a link to reset an admin's password; the same answer whether or not the address is an admin's",
        body: AdminForgotPasswordRequest,
        response: { 200: AdminMessageAnswer, ...failures },
      },
    },
    async (request, reply) => {
      const sendLink = await forgotAdminPassword(app.deps, limits, request.ip, request.body.email);
      // Looked up and written after the answer, so that its time says nothing about the address.
      app.afterAnswer.run(reply, 'an admin password reset link', sendLink);
      return { success: true as const, message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/reset_password',
    {
      config: { adminPublic: true },
      schema: {
        tags: ['admin'],
        summary: "Set a new password with the e-mail's link (works once, for 30 minutes); ends every session",
        body: AdminResetPasswordRequest,
        response: { 200: AdminMessageAnswer, ...failures },
      },
    },
    async (request) => {
      await resetAdminPassword(app.deps.db, request.body.token, request.body.password);
      return { success: true as const, message: PASSWORD_RESET_MESSAGE };
    },
  );
};
