/**
 * The benchmark's reference (ADR 028): a bare Fastify 5 app in its own process, answering each
 * POST path with fixed bytes that the benchmark fetched from the shop for that call, as the shop
 * sends them (`content-type: application/json; charset=utf-8`). No hooks, no plugins, no logging:
 * what this machine can do for the same request and the same answer.
 * Environment: PORT, and ANSWERS_FILE, a JSON object of path → answer text.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const answers = JSON.parse(readFileSync(process.env.ANSWERS_FILE ?? '', 'utf8'));
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(answers)) {
  app.post(path, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
app.get('/ready', (_request, reply) => reply.send('ready'));
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
