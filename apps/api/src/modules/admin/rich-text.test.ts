import fc from 'fast-check';
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { RICH_TEXT, sanitizeRichText, typedRichText } from './rich-text';

/** HTML as sanitize-html writes it, every `&`, `<` and `>` of its text escaped: one spelling per page a browser builds. */
const spelled = (html: string) =>
  sanitizeHtml(html, { allowedTags: false, allowedAttributes: false, allowVulnerableTags: true });

/** Texts an owner may type: words, line breaks, the characters HTML gives a meaning to, entities and tags. */
const anyText = fc
  .array(
    fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9]{1,8}$/),
      fc.constantFrom(' ', '\n', '&', '<', '>', ';', '#', '"', "'", '/', '!', '?', '=', '₹', '—'),
      fc.constantFrom('&amp;', '&lt;', '&gt;', '&copy', '&copy;', '&#38;', '&#x3C;', '&nbsp;', '&para', '&notit'),
      fc.constantFrom(
        '<b>',
        '</b>',
        '<p>',
        '</p>',
        '<br>',
        '<script>',
        '</script>',
        '<a href="https://x.in/?a=1&b=2">',
      ),
      fc.constantFrom('</a>', '<!-- note -->', '<3', '5<10', 'R&D', 'AT&T', 'Tom & Jerry', '< b>', '<foo>'),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

/** Texts with no markup and no character reference in them, whose `&`, `<` and `>` mean themselves. */
const plainText = fc
  .array(
    fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9,.:'"()%₹–]{1,8}$/),
      fc.constantFrom('&', '<', '>', '\n', 'R&D', 'AT&T', 'M&S', '<3', '5<10', '2 > 1', '&&', '<<', '< >'),
    ),
    { minLength: 1, maxLength: 20 },
  )
  .map((parts) => parts.join(' '));

describe('rich text', () => {
  it('keeps a typed &, < and > as typed where HTML reads them as themselves', () => {
    const text = 'Tom & Jerry, R&D and AT&T: 5 > 3, 2 <3 and 5<10 "quoted"\nline two & <strong>bold</strong>';
    expect(sanitizeRichText(text)).toBe(text);
    // Typed as escapes, to show "&copy;" and "<b>": they stay escapes, else the shop would show © and bold.
    expect(sanitizeRichText('&amp;copy; &lt;b&gt; &amp;#38; &amp;para')).toBe(
      '&amp;copy; &lt;b&gt; &amp;#38; &amp;para',
    );
    expect(sanitizeRichText('<a href="https://x.in/?a=1&b=2">R&D</a>')).toBe(
      '<a href="https://x.in/?a=1&amp;b=2" rel="noopener noreferrer">R&D</a>',
    );
  });

  it('gives back plain text exactly as typed', () => {
    fc.assert(
      fc.property(plainText, (text) => {
        expect(sanitizeRichText(text)).toBe(text.trim());
      }),
      { numRuns: 500 },
    );
  });

  it('is the HTML sanitize-html cleans to, spelled with fewer escapes; cleaning it again changes nothing', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const escaped = sanitizeHtml(text, RICH_TEXT).trim();
        const stored = sanitizeRichText(text);
        expect(spelled(stored)).toBe(spelled(escaped));
        // Cleaning is as stable as sanitize-html's own (which reads "<p><p></p></p>" again otherwise, as browsers do).
        if (sanitizeHtml(escaped, RICH_TEXT).trim() === escaped) expect(sanitizeRichText(stored)).toBe(stored);
        // A text stored fully escaped (before) is answered as it would be stored now.
        expect(typedRichText(escaped)).toBe(stored);
      }),
      { numRuns: 1000 },
    );
  });
});
