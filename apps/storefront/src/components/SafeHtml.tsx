import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { loadBrowserSanitizer, loadedBrowserSanitizer, type Sanitize, sanitizeOnServer } from '../lib/html';

interface SafeHtmlProps {
  /** HTML written in the admin console; it is sanitized again here before it reaches the page. */
  html: string;
  className?: string;
}

const subscribeToNothing = () => () => {};

/**
 * What a hydrated element is given as its inner HTML: the server's cleaned markup stays as it is, because React never
 * writes a hydrated element's inner HTML and writes it later only when this value changes, which it never does.
 */
const KEEP_THE_SERVERS_MARKUP = { __html: '' };

/**
 * Shows rich text from the shop's content (banner captions, testimonials, product descriptions).
 *
 * On the server it is cleaned by sanitize-html. In the browser, an element React hydrates keeps the server's markup,
 * so DOMPurify is not among the page's first scripts; the browser loads it only to show HTML it renders itself (after
 * a client-side navigation, or when the text changes), and shows nothing there until it has it: never the raw HTML,
 * and nothing suspends, so no server HTML is swapped out (ADR 031).
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  // True while rendering on the server or hydrating what it rendered; false for what the browser renders itself.
  const fromServer = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const [hydratedHtml] = useState(fromServer ? html : null);
  const keepsServerMarkup = html === hydratedHtml;
  const [sanitizer, setSanitizer] = useState<{ sanitize: Sanitize } | undefined>(() => {
    const loaded = loadedBrowserSanitizer();
    return loaded && { sanitize: loaded };
  });

  useEffect(() => {
    if (keepsServerMarkup || sanitizer) return;
    let current = true;
    void loadBrowserSanitizer().then((sanitize) => {
      if (current) setSanitizer({ sanitize });
    });
    return () => {
      current = false;
    };
  }, [keepsServerMarkup, sanitizer]);

  const clean = useMemo(
    () => (keepsServerMarkup || !sanitizer ? null : sanitizer.sanitize(html)),
    [html, keepsServerMarkup, sanitizer],
  );

  if (typeof window === 'undefined') {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitize-html, the server's sanitizer
    return <div key="server" className={className} dangerouslySetInnerHTML={{ __html: sanitizeOnServer(html) }} />;
  }
  if (clean !== null) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
    return <div key="clean" className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
  }
  if (keepsServerMarkup) {
    return (
      <div
        key="server"
        className={className}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty value that React never writes over the server's markup
        dangerouslySetInnerHTML={KEEP_THE_SERVERS_MARKUP}
      />
    );
  }
  // The sanitizer is on its way: an empty element in the meantime, never the HTML as written.
  return <div key="clean" className={className} />;
}
