import type { FastifyInstance } from 'fastify';
import { RefusedWebhook, receiveWhatsAppWebhook, validSignature } from './webhook';

/**
 * GET /api/whatsapp_webhook: Meta's verification (hub.mode=subscribe, hub.verify_token, hub.challenge), answered with
 * the challenge only for the configured verify token. POST /api/whatsapp_webhook: statuses and replies, verified on the
 * raw bytes (X-Hub-Signature-256 under the app secret; 401 and nothing stored otherwise), then stored once each.
 */
export async function whatsAppWebhookRoutes(app: FastifyInstance) {
  // Encapsulated: only this plugin's route sees JSON as the raw string it must verify.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/whatsapp_webhook',
    { schema: { hide: true } },
    async (request, reply) => {
      const { verifyToken } = app.whatsapp;
      const query = request.query;
      const challenge = query['hub.challenge'];
      if (
        !verifyToken ||
        query['hub.mode'] !== 'subscribe' ||
        query['hub.verify_token'] !== verifyToken ||
        typeof challenge !== 'string'
      ) {
        return reply.code(403).send({ message: 'The verify token does not match.' });
      }
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  app.post('/whatsapp_webhook', { schema: { hide: true } }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    if (!validSignature(raw, request.headers['x-hub-signature-256'], app.whatsapp.appSecret)) {
      request.log.warn('a WhatsApp webhook with a wrong or missing X-Hub-Signature-256 was refused');
      return reply.code(401).send({ message: 'The signature does not match.' });
    }
    try {
      const log = request.log.child({ module: 'whatsapp-webhook' });
      const send = (to: string, text: string, context: string) => app.whatsapp.client.sendText(to, text, context);
      const entries = await receiveWhatsAppWebhook(app.deps.db, log, raw, send);
      return { received: entries };
    } catch (error) {
      if (!(error instanceof RefusedWebhook)) throw error;
      return reply.code(400).send({ message: error.message });
    }
  });
}
