import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/html';

interface SafeHtmlProps {
  /** HTML written in the admin console; it is sanitized again here before it reaches the page. */
  html: string;
  className?: string;
}

/** Shows rich text from the shop's content (banner captions, testimonials, product descriptions). */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitized by DOMPurify just above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
