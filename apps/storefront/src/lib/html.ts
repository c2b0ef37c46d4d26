/** Cleans HTML written in the admin console to the shop's allow-list of formatting tags. */
export type Sanitize = (html: string) => string;

/** How a server render cleans HTML, where DOMPurify has no DOM to work in (set by the server entry). */
let serverSanitizer: Sanitize | undefined;

/** Called once by the server entry: the sanitizer of server renders, to the same allow-list. */
export function sanitizeOnServerWith(sanitize: Sanitize): void {
  serverSanitizer = sanitize;
}

/** Removes scripts, event handlers and other unsafe markup on the server (sanitize-html, set by the entry). */
export function sanitizeOnServer(html: string): string {
  if (!serverSanitizer) throw new Error('A server render needs a sanitizer: sanitizeOnServerWith was not called');
  return serverSanitizer(html);
}

/**
 * The browser's sanitizer once loaded. It is a library, not data, so keeping it here leaks nothing between pages or
 * test files; it saves every later `SafeHtml` a render without its text.
 */
let browserSanitizer: Sanitize | undefined;

/** The browser's sanitizer if it has been loaded already. */
export function loadedBrowserSanitizer(): Sanitize | undefined {
  return browserSanitizer;
}

/**
 * Loads DOMPurify (11 KB gzip), apart from the page's first scripts: hydration keeps the server's cleaned markup, so
 * only HTML the browser renders itself, after a client-side navigation, needs it (ADR 031, amended 2026-11-28).
 */
export async function loadBrowserSanitizer(): Promise<Sanitize> {
  const { sanitizeInBrowser } = await import('./purify');
  browserSanitizer = sanitizeInBrowser;
  return sanitizeInBrowser;
}
