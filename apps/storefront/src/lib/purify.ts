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

/** Removes scripts, event handlers and other unsafe markup in the browser. Loaded only by `loadBrowserSanitizer`. */
export function sanitizeInBrowser(html: string): string {
  return DOMPurify.sanitize(html, PROFILE);
}
