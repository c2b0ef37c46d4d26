import type { Queryable } from '@kapaas/db';
import type { FastifyRequest } from 'fastify';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import { addNewsletterSubscriber, insertContactMessage } from './messages.repository';

/** The contact form and the footer's newsletter box: stored for the shop, limited per address. */
export class MessageService {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly db: Queryable,
    private readonly limits: Limits,
  ) {
    this.limiter = new RateLimiter(db);
  }

  async sendContactMessage(
    request: FastifyRequest,
    message: { name: string; email: string; mobile: string; message: string },
  ): Promise<void> {
    await this.limiter.hit(`contact:ip:${request.ip}`, this.limits.messagesPerAddress);
    await insertContactMessage(this.db, message);
  }

  /** Subscribing an address twice is harmless: the second time changes nothing. */
  async subscribeToNewsletter(request: FastifyRequest, email: string): Promise<void> {
    await this.limiter.hit(`newsletter:ip:${request.ip}`, this.limits.messagesPerAddress);
    await addNewsletterSubscriber(this.db, email.toLowerCase());
  }
}
