/**
 * The formatting that rich text written in the admin console (banner and testimonial texts, a
 * product's description, details and wash care) may keep: the server cleans to it when storing,
 * the storefront again when showing.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'span',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'a',
  'blockquote',
] as const;

/** The attributes a link in rich text may keep; no other element keeps any. */
export const RICH_TEXT_LINK_ATTRIBUTES = ['href', 'title', 'target', 'rel'] as const;
