import { RICH_TEXT_LINK_ATTRIBUTES, RICH_TEXT_TAGS } from '@kapaas/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * Banner and testimonial descriptions and a product's description, details and wash care are HTML
 * written in the admin console. They are cleaned here, when stored, to a small set of formatting
 * tags (the storefront cleans again when showing).
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: [...RICH_TEXT_LINK_ATTRIBUTES] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** The HTML with everything but simple formatting and safe links removed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}
