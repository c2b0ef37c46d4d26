import { RICH_TEXT_LINK_ATTRIBUTES, RICH_TEXT_TAGS } from '@kapaas/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * Banner and testimonial descriptions and a product's description, details and wash care are HTML
 * written in the admin console. They are cleaned here, when stored, to a small set of formatting
 * tags (the storefront cleans again when showing).
 */
export const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: [...RICH_TEXT_LINK_ATTRIBUTES] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/**
 * Cleaning that keeps every tag and attribute, to compare two spellings of the same HTML (its output
 * is never stored or shown, so it may keep any tag).
 */
const AS_IS: sanitizeHtml.IOptions = { allowedTags: false, allowedAttributes: false, allowVulnerableTags: true };

/**
 * The HTML with everything but simple formatting and safe links removed, with the `&`, `<` and `>`
 * typed in its text kept as typed wherever HTML reads them as themselves (see typedRichText).
 */
export function sanitizeRichText(html: string): string {
  return typedRichText(sanitizeHtml(html, RICH_TEXT).trim());
}

/** An escape in the text of clean HTML, with what follows it (up to 40 characters: longer than any entity's name). */
const ESCAPE = /&(amp|lt|gt);([^<&]{0,40})/g;

/** What an HTML parser reads after `&` as a character reference's name, at most: `copy`, `#38;`, `notit;`. */
const REFERENCE_NAME = /^[#A-Za-z0-9]{1,40};?/;

/** Whether `&name` reads as itself, by name: a pure answer, remembered (up to 1,000 names) for the next text. */
const literalNames = new Map<string, boolean>();

/** Whether `&` followed by `after` reads as itself: it starts no character reference (`&copy`, `&#38;`). */
function ampersandIsLiteral(after: string): boolean {
  const name = REFERENCE_NAME.exec(after)?.[0];
  if (name === undefined) return true;
  let literal = literalNames.get(name);
  if (literal === undefined) {
    literal = sanitizeHtml(`&${name}`, AS_IS) === `&amp;${name}`;
    if (literalNames.size >= 1000) literalNames.clear();
    literalNames.set(name, literal);
  }
  return literal;
}

/**
 * The text of clean HTML with each escape written as the character it stands for where that reads the
 * same; an escaped `<` that would start a tag stays escaped, and so does the `>` that closes it, as
 * the owner typed them to show "<b>".
 */
function unescapeText(text: string): string {
  let inEscapedTag = false;
  return text.replace(ESCAPE, (match, name: string, after: string) => {
    let character = match.slice(0, match.length - after.length);
    if (name === 'lt') {
      // `<` followed by a letter, `/`, `!` or `?` starts a tag, a comment or a declaration.
      inEscapedTag = /^[A-Za-z/!?]/.test(after);
      if (!inEscapedTag) character = '<';
    } else if (name === 'gt') {
      if (!inEscapedTag) character = '>';
      inEscapedTag = false;
    } else if (ampersandIsLiteral(after)) character = '&';
    return `${character}${after}`;
  });
}

/**
 * sanitize-html escapes every `&`, `<` and `>` of the text ("Tom &amp; Jerry"), and the console's
 * plain text fields showed the owner those escapes instead of what they typed. This writes the same
 * HTML (a browser builds the same page from it) with each of them as itself where HTML reads it so: a
 * `>`, a `<` that starts no tag ("2 <3"), an `&` that starts no character reference ("R&D"). An
 * escape the owner typed on purpose (`&amp;copy;` to show "&copy;") stays. `clean` is sanitize-html's
 * output, or text stored so before (answered as it would be stored now); anything else, and any result
 * that would read differently, is answered unchanged.
 */
export function typedRichText(clean: string): string {
  if (!clean.includes('&')) return clean;
  const parts = clean.split(/(<[^>]*>)/);
  // Tags are at odd indexes; their attributes keep their escapes.
  for (let i = 0; i < parts.length; i += 2) {
    parts[i] = unescapeText(parts[i] ?? '');
  }
  const typed = parts.join('');
  if (typed === clean) return clean;
  return sanitizeHtml(typed, AS_IS) === sanitizeHtml(clean, AS_IS) ? typed : clean;
}
