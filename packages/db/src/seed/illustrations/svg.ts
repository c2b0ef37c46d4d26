/** Small string helpers shared by the illustration renderers. */

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Makes text safe both as element content and inside a double- or single-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);
}

/**
 * FNV-1a: a stable hash, so the same inputs always give the same ids and
 * decorative placements (the images must be reproducible byte for byte).
 */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Rounds to one decimal so output does not carry float noise like 0.30000000000000004. */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Opens an SVG document; every renderer starts here so the header is always complete. */
export function svgDocument(width: number, height: number, title: string, body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    body,
    '</svg>',
  ].join('');
}
