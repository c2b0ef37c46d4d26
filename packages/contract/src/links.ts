/**
 * Where a banner or ad may lead: a path on the shop or an https URL. A path has exactly one leading
 * slash and no backslash or control character anywhere, since browsers open `//host`, `/\host` and
 * `/<tab>/host` as another site.
 */
export const LINK_URL_PATTERN = /^(\/(?![/\\])[^\s"'<>\\\p{Cc}]*|https:\/\/[^\s"'<>\\\p{Cc}]+)$/u;

/** The longest link the shop stores. */
export const MAX_LINK_LENGTH = 500;

/** Whether `value` (as stored: trimmed) is a link the shop may follow: what LinkUrl accepts, without zod. */
export function isLinkUrl(value: string): boolean {
  const link = value.trim();
  return link.length <= MAX_LINK_LENGTH && LINK_URL_PATTERN.test(link);
}
