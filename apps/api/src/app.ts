import type { DatabaseHandle } from '@kapaas/db';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, proxyTrust, publicOverHttps } from './config';
import { afterAnswerPlugin } from './lib/after-answer';
import type { ServiceDeps } from './lib/deps';
import { lazyRootLogger, RequestLog } from './lib/logging';
import { publicCallsPlugin } from './lib/public-calls';
import { DEFAULT_LIMITS, type Limits } from './lib/rate-limit';
import { requestGuards, type SecurityHeaders } from './lib/request-guards';
import { addressRoutes } from './modules/addresses';
import { adminRoutes, consoleRecords, forgetCustomerInAudit } from './modules/admin';
import { cartRoutes, queueCartReminders } from './modules/cart';
import { cataloguePlugin, catalogueRoutes } from './modules/catalogue';
import { checkoutPlugin, payOnlineOfferOf } from './modules/checkout';
import { consentRoutes } from './modules/consent';
import { couponRoutes } from './modules/coupons';
import { deliveryRoutes } from './modules/delivery';
import { childProfileRoutes, nextSizeSoonDaily, sizeAdviceRoutes } from './modules/fit';
import { healthRoutes, readinessRoutes } from './modules/health';
import { identityRoutes, sessionStore } from './modules/identity';
import { queueSoldOutReport } from './modules/inventory';
import { type MailTransport, mailPlugin, mailRoutes, mailSettingsOf } from './modules/mail';
import { messageRoutes } from './modules/messages';
import { orderRoutes } from './modules/orders';
import { photoRoutes, photosPlugin } from './modules/photos';
import { myDataRoutes, privacyRequestRoutes, retentionPlugin } from './modules/privacy';
import { paymentCspSources, paymentsPlugin } from './modules/razorpay';
import { funnelPlugin, productViews } from './modules/reports';
import { returnRoutes } from './modules/returns';
import { fitSummaryOf, queueReviewRequests, reviewRoutes } from './modules/reviews';
import { searchRoutes } from './modules/search';
import { seoRoutes } from './modules/seo';
import { shipmentAnswerRoutes, shipmentForShopper, shippingWebhookRoutes } from './modules/shipping';
import { courierPlugin } from './modules/shiprocket';
import { invoiceRoutes } from './modules/tax';
import { whatsAppPlugin, whatsAppWebhookRoutes } from './modules/whatsapp';
import { wishlistRoutes } from './modules/wishlist';
import { compressionPlugin } from './plugins/compression';
import { databasePlugin } from './plugins/database';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { noStorePlugin } from './plugins/no-store';
import { plannerStatisticsPlugin } from './plugins/planner-statistics';
import { scheduledMessagesPlugin } from './plugins/scheduled-messages';
import { consolePolicy, securityHeaders, shopDirectives } from './plugins/security-headers';
import { sessionsPlugin } from './plugins/sessions';
import { webPlugin } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dependencies routes hand to services (ADR 021). */
    deps: ServiceDeps;
  }
}

export interface AppOptions {
  config: Config;
  /** An open, migrated database; the caller closes it after the app. */
  database: DatabaseHandle;
  /** The built storefront to serve; absent in API-only tests. */
  storefrontDist?: string;
  /** The built admin console to serve at /admin; absent in API-only tests. */
  adminDist?: string;
  /** Where uploaded media are kept (DATA_DIR/media, served under /media/). */
  mediaDir: string;
  /** Where private files are kept (DATA_DIR/private: shoppers' return photos), never served as files. */
  privateDir: string;
  /** Rate limits; the defaults unless a test needs others. */
  limits?: Limits;
  /** How often unpaid orders are checked for expiry (ms); 0 turns the sweep off. Default 60 s. */
  expirySweepMs?: number;
  /** How often the outbox is worked through (ms); 0 turns the worker off (tests run it by hand). Default 2 s. */
  mailSweepMs?: number;
  /** The mail server; by default SMTP_URL's, or none. */
  mailTransport?: MailTransport;
  /** How often cart reminders and the owner's daily report are looked for (ms); 0 turns it off. Default 5 min. */
  scheduledMessagesMs?: number;
  /** How often shoppers' photos that no review or return took are looked for (ms); 0 turns it off. Default 1 h. */
  photoSweepMs?: number;
  /** How often the daily retention run is looked for (ms); 0 turns it off. Default 1 h (it runs once a day). */
  retentionSweepMs?: number;
  /** How often the funnel's counts are written (ms); 0 only on close (tests flush by hand). Default FUNNEL_FLUSH_MS. */
  funnelFlushMs?: number;
  /** How often the embedded database's daily ANALYZE is looked for (ms); 0 turns it off. Default 1 h. */
  statisticsSweepMs?: number;
  /**
   * Tests only: 'loopback-for-tests' lets the catalogue import fetch pictures from the test's own server on
   * 127.0.0.1 (ADR 064). server.ts never sets it and no setting reaches it: a running shop fetches public addresses only.
   */
  importPicturePolicy?: 'public' | 'loopback-for-tests';
}

/** The whole shop as a Fastify plugin: what server.ts listens with and what tests inject into. */
export const shop = fp(shopPlugin, { name: 'kapaas-shop' });

async function shopPlugin(app: FastifyInstance, options: AppOptions): Promise<void> {
  const security = shopSecurity(options.config);
  await registerFoundations(app, options, security);
  await registerRoutes(app, options);
  await app.register(webPlugin, {
    storefrontDist: options.storefrontDist,
    publicUrl: options.config.publicUrl,
    adminDist: options.adminDist,
    adminPolicy: security.adminPolicy,
    mediaDir: options.mediaDir,
    // Each product page answered is a view in the funnel (ADR 053); the plugin is below the modules (ADR 041).
    pageServed: productViews(app.deps.funnel),
  });
  await registerBackgroundWork(app, options);
}

/** The security headers the shop sends, worked out once from the configuration; registers nothing. */
interface ShopSecurity {
  /** Whether the browser came over https whatever the request says (PUBLIC_URL or a trusted proxy). */
  overHttps: boolean;
  headers: SecurityHeaders;
  /** The admin console's Content-Security-Policy: the shop's, with style attributes allowed. */
  adminPolicy: string;
}

function shopSecurity(config: Config): ShopSecurity {
  // Real Razorpay keys: checkout.js loads from Razorpay's origin and frames/calls it and its API.
  const directives = shopDirectives(paymentCspSources(config));
  const helmetOptions = { contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false };
  // HSTS where the browser came over https: PUBLIC_URL says so, or a trusted proxy does.
  const overHttps = publicOverHttps(config);
  const headers = securityHeaders(helmetOptions, (request) => overHttps || request.protocol === 'https');
  return { overHttps, headers, adminPolicy: consolePolicy(helmetOptions, directives) };
}

/**
 * What every route stands on, in this order: the compilers, the errors, the request guards, the
 * database, sessions, the catalogue, payments, and last `app.deps`, built from them.
 */
async function registerFoundations(app: FastifyInstance, options: AppOptions, security: ShopSecurity): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // JSON only: text/plain is the one body a cross-site form can post, so it is refused outright.
  app.removeContentTypeParser('text/plain');
  await app.register(errorsPlugin);
  // One onRequest hook, the first: the security headers, then the guards' checks, so that a
  // refusal carries the headers; one preValidation hook: JSON only, then the body's checks (ADR 027).
  await app.register(requestGuards, { securityHeaders: security.headers });
  await app.register(noStorePlugin);
  await app.register(compressionPlugin);
  await app.register(databasePlugin, { database: options.database });
  await app.register(afterAnswerPlugin);
  await app.register(metricsPlugin, { token: options.config.METRICS_TOKEN });
  await app.register(docsPlugin);
  await app.register(sessionsPlugin, {
    secret: options.config.SESSION_SECRET,
    alwaysSecure: security.overHttps,
    // The rows are identity's (ADR 039); the plugin, below the modules, is handed them (ADR 041).
    store: sessionStore(app.database.db),
  });
  await app.register(cataloguePlugin);
  await app.register(publicCallsPlugin);
  await app.register(paymentsPlugin, { config: options.config });
  await app.register(courierPlugin, { config: options.config });
  await app.register(whatsAppPlugin, { config: options.config });
  await app.register(funnelPlugin, {
    counting: options.config.FUNNEL_COUNTING,
    flushMs: options.funnelFlushMs ?? options.config.FUNNEL_FLUSH_MS,
  });
  // Before the routes, which hand these to their services.
  app.decorate('deps', serviceDeps(app, options.config));
}

/** The API's routes: health first, the shop's under /api, the mail's, the console's under /admin/api. */
async function registerRoutes(app: FastifyInstance, options: AppOptions): Promise<void> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  await app.register(healthRoutes);
  await app.register(readinessRoutes);
  await app.register(catalogueRoutes, { prefix: '/api' });
  await app.register(seoRoutes, { publicUrl: options.config.publicUrl });
  await app.register(identityRoutes, { prefix: '/api', limits });
  await app.register(cartRoutes, { prefix: '/api' });
  await app.register(addressRoutes, { prefix: '/api' });
  await app.register(couponRoutes, { prefix: '/api' });
  await app.register(messageRoutes, { prefix: '/api', limits });
  await app.register(consentRoutes, { prefix: '/api' });
  await app.register(privacyRequestRoutes, { prefix: '/api', limits });
  await app.register(searchRoutes, { prefix: '/api' });
  await app.register(wishlistRoutes, { prefix: '/api' });
  await app.register(orderRoutes, {
    prefix: '/api',
    limits,
    shipmentOf: shipmentForShopper,
    payOnlineOf: payOnlineOfferOf,
  });
  const photoPlaces = photoPlacesOf(options);
  // admin imports privacy, so the erasure gets the console's part (the audit log's entries of a customer) from here.
  await app.register(myDataRoutes, {
    prefix: '/api',
    limits,
    ...photoPlaces,
    forgetCustomerInConsole: forgetCustomerInAudit,
  });
  await app.register(returnRoutes, { prefix: '/api', ...photoPlaces });
  await app.register(deliveryRoutes, { prefix: '/api' });
  // The reviews module reaches the catalogue, which reads fit's charts: the fit summary is handed over from here.
  await app.register(sizeAdviceRoutes, { prefix: '/api', fitSummaryOf });
  await app.register(childProfileRoutes, { prefix: '/api' });
  await app.register(shippingWebhookRoutes, { prefix: '/api' });
  await app.register(whatsAppWebhookRoutes, { prefix: '/api' });
  await app.register(shipmentAnswerRoutes, { prefix: '/api', limits });
  await app.register(invoiceRoutes, { prefix: '/api' });
  await app.register(reviewRoutes, { prefix: '/api' });
  await app.register(photoRoutes, { prefix: '/api', limits, ...photoPlaces });
  await app.register(mailRoutes);
  await app.register(adminRoutes, {
    prefix: '/admin/api',
    config: options.config,
    limits,
    ...photoPlaces,
    importPicturePolicy: options.importPicturePolicy,
  });
}

/**
 * The plugins that work in the background, each every so many ms of `options` (0 turns it off):
 * checkout (order_place and the webhook, with the sweep of unpaid orders), the outbox's worker,
 * the scheduled messages, and the sweep of shoppers' photos that nothing took.
 */
async function registerBackgroundWork(app: FastifyInstance, options: AppOptions): Promise<void> {
  await app.register(checkoutPlugin, {
    expirySweepMs: options.expirySweepMs,
    limits: options.limits ?? DEFAULT_LIMITS,
  });
  await app.register(mailPlugin, {
    mailSweepMs: options.mailSweepMs,
    transport: options.mailTransport,
    // Also without WhatsApp: its client then refuses each message for good, and the message goes by e-mail.
    whatsapp: app.whatsapp.client,
  });
  await app.register(scheduledMessagesPlugin, {
    scheduledMessagesMs: options.scheduledMessagesMs,
    // The plugin is below the modules (ADR 041): each module's job is handed to it here, run in this order.
    messages: {
      reminders: queueCartReminders,
      reviewRequests: queueReviewRequests,
      soldOutReport: queueSoldOutReport,
      // Once a shop day: its own memory of the day done is this app's, not the module's.
      nextSizeSoon: nextSizeSoonDaily(),
    },
  });
  await app.register(photosPlugin, { photoSweepMs: options.photoSweepMs, ...photoPlacesOf(options) });
  // admin imports privacy, so privacy's job gets the console's part (its sessions, the audit log) from here.
  await app.register(retentionPlugin, {
    retentionSweepMs: options.retentionSweepMs,
    records: consoleRecords,
    privateDir: options.privateDir,
  });
  await app.register(plannerStatisticsPlugin, { statisticsSweepMs: options.statisticsSweepMs });
}

/** Where shoppers' photos go: the public media folder and the private one (return photos). */
function photoPlacesOf(options: AppOptions): { mediaDir: string; privateDir: string } {
  return { mediaDir: options.mediaDir, privateDir: options.privateDir };
}

/** What the services get (ADR 021), built once per app from its plugins. */
function serviceDeps(app: FastifyInstance, config: Config): ServiceDeps {
  return {
    mail: mailSettingsOf(config),
    db: app.database.db,
    payments: app.payments,
    courier: app.courier,
    catalogue: app.catalogue,
    log: app.log,
    metrics: app.metrics,
    funnel: app.funnel ?? undefined,
  };
}

/** Builds a ready Fastify instance with the shop registered (no listen). */
export async function buildApp(
  options: AppOptions,
  serverOptions: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const { logger = { level: options.config.LOG_LEVEL }, ...server } = serverOptions;
  const app = Fastify({
    // pino behind a lazy root: a request's logger is made when it logs something, not for every
    // request, and Fastify takes it as it is (ADR 027).
    ...(typeof logger === 'object' ? { loggerInstance: lazyRootLogger(logger) } : { logger }),
    // Only the configured proxies may name the client's address (TRUST_PROXY); by default nobody.
    trustProxy: proxyTrust(options.config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    // One line per answer, at debug unless it failed or was slow (ADR 027).
    logController: new RequestLog(options.config.LOG_SLOW_MS),
    ...server,
  }).withTypeProvider<ZodTypeProvider>();
  await app.register(shop, options);
  await app.ready();
  // After ready, so that no plugin time limit applies to loading the catalogue, however big (ADR 025).
  await app.catalogue.whenLoaded();
  return app;
}
