import DOMPurify from 'dompurify';

/** Removes scripts, event handlers and other unsafe markup from HTML written in the admin console. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
