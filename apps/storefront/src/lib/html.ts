import { RICH_TEXT_LINK_ATTRIBUTES, RICH_TEXT_TAGS } from '@kapaas/contract';
import DOMPurify from 'dompurify';

/**
 * The server's allow-list of formatting tags, applied again: a second layer for text stored before
 * the server cleaned it, so forms, styles, images, frames and every attribute but a link's are dropped.
 */
const PROFILE = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...RICH_TEXT_LINK_ATTRIBUTES],
  ALLOW_DATA_ATTR: false,
};

/** How a server render cleans HTML, where DOMPurify has no DOM to work in (set by the server entry). */
let serverSanitizer: ((html: string) => string) | undefined;

/** Called once by the server entry: the sanitizer of server renders, to the same allow-list. */
export function sanitizeOnServerWith(sanitize: (html: string) => string): void {
  serverSanitizer = sanitize;
}

/** Removes scripts, event handlers and other unsafe markup from HTML written in the admin console. */
export function sanitizeHtml(html: string): string {
  if (typeof window === 'undefined') {
    if (!serverSanitizer) throw new Error('A server render needs a sanitizer: sanitizeOnServerWith was not called');
    return serverSanitizer(html);
  }
  return DOMPurify.sanitize(html, PROFILE);
}
