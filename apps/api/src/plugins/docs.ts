import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI 3.1 document, generated from the schemas the routes validate with, and its page at /api/docs. */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Kapaas API',
          description:
            'The customer API (`POST /api/<endpoint>`, JSON bodies) and the admin API of the Kapaas shop. ' +
            'Failures answer `{ success: false, message, errors? }` with a 4xx status.',
          version: '1.0.0',
        },
        tags: [
          { name: 'catalogue', description: 'Categories, products and home-page content' },
          { name: 'search', description: 'Search, sort and filter the catalogue' },
          { name: 'identity', description: 'Accounts, guests and sessions (an httpOnly cookie)' },
          { name: 'cart', description: 'The cart of the session’s user or guest' },
          { name: 'wishlist', description: 'Saved products of a registered user' },
          { name: 'addresses', description: 'Delivery addresses, states and cities' },
          { name: 'coupons', description: 'Coupons that apply to a cart total' },
          { name: 'messages', description: 'Contact form and newsletter' },
          { name: 'orders', description: 'The shopper’s orders' },
          { name: 'health', description: 'Liveness' },
          {
            name: 'admin',
            description:
              'The admin API under /admin/api/ (JSON over REST): log in with POST /admin/api/login, then send ' +
              '`Authorization: Bearer <token>`',
          },
        ],
        components: {
          securitySchemes: {
            adminToken: { type: 'http', scheme: 'bearer', description: 'From POST /admin/api/login' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // Its own policy, with no inline style: Swagger UI sets its elements' styles through the CSSOM, and the one
      // <style> it writes, in the top bar's logo, goes with the bar (ADR 038).
      staticCSP: true,
      uiConfig: { layout: 'BaseLayout' },
    });
  },
  { name: 'docs' },
);
