import { describe, expect, it } from 'vitest';
import { categories, products } from '../data/catalogue';
import type { GarmentKind } from '../data/types';
import { PATTERNS } from '../data/types';
import {
  escapeXml,
  GARMENT_KINDS,
  renderAvatarSvg,
  renderBannerSvg,
  renderGarmentSvg,
  renderTileSvg,
} from './garments';

/** Every kind in the GarmentKind union, written out so a new kind without a drawing fails here. */
const ALL_KINDS: GarmentKind[] = [
  'onesie',
  'jhabla',
  'top',
  'frock',
  'pyjama-set',
  'shorts',
  'pants',
  'blanket',
  'swaddle',
  'bib',
  'cap',
  'mittens',
  'romper',
  'co-ord',
  'sleeping-bag',
  'pillow',
  'sheet',
];

const COLORS: [string, string] = ['#B5483B', '#f4ede1'];

/**
 * A small well-formedness check without an XML parser: tags must nest and
 * close, attributes must be quoted, and every & must start an entity.
 */
function assertWellFormed(svg: string): void {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toMatch(/viewBox="0 0 \d+(?:\.\d+)? \d+(?:\.\d+)?"/);
  expect(svg.endsWith('</svg>')).toBe(true);
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let consumed = 0;
  for (const match of svg.matchAll(tag)) {
    const [whole, closing, name, , selfClosing] = match;
    const text = svg.slice(consumed, match.index);
    expect(text, 'text between tags').not.toMatch(/[<>]/);
    consumed = match.index + whole.length;
    if (closing) {
      expect(stack.pop(), `closing </${name}>`).toBe(name);
    } else if (!selfClosing) {
      stack.push(name ?? '');
    }
  }
  expect(consumed, 'every < is part of a well-formed tag').toBe(svg.length);
  expect(stack).toEqual([]);
  expect(svg).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos);)/);
}

describe('renderGarmentSvg', () => {
  it('draws every garment kind the types declare', () => {
    expect([...GARMENT_KINDS].sort()).toEqual([...ALL_KINDS].sort());
  });

  for (const garment of ALL_KINDS) {
    it(`renders ${garment} in all four views`, () => {
      const views = [0, 1, 2, 3].map((variant) => renderGarmentSvg({ garment, colors: COLORS, variant }));
      for (const svg of views) {
        assertWellFormed(svg);
        expect(svg).toContain('width="600" height="600"');
        expect(svg).toContain('#b5483b');
        expect(svg).toContain('#f4ede1');
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
      }
      expect(new Set(views).size).toBe(4);
    });
  }

  it('is deterministic', () => {
    for (const garment of ALL_KINDS) {
      const a = renderGarmentSvg({ garment, colors: COLORS, variant: 2, pattern: 'Floral' });
      const b = renderGarmentSvg({ garment, colors: COLORS, variant: 2, pattern: 'Floral' });
      expect(a).toBe(b);
    }
  });

  it('draws a different shape for each garment', () => {
    // Strip ids and the title, which differ anyway, and compare the drawings themselves.
    const normalise = (svg: string) => svg.replace(/\b[ktab][0-9a-z]+-/g, 'ID-').replace(/<title>.*?<\/title>/, '');
    const drawings = ALL_KINDS.map((garment) => normalise(renderGarmentSvg({ garment, colors: COLORS, variant: 0 })));
    expect(new Set(drawings).size).toBe(ALL_KINDS.length);
  });

  it('renders every print and custom sizes', () => {
    for (const pattern of PATTERNS) {
      const svg = renderGarmentSvg({ garment: 'frock', colors: COLORS, variant: 0, pattern });
      assertWellFormed(svg);
      expect(svg).toContain('<pattern');
    }
    const wide = renderGarmentSvg({ garment: 'bib', colors: COLORS, variant: 3, width: 800, height: 400 });
    assertWellFormed(wide);
    expect(wide).toContain('viewBox="0 0 800 400"');
  });

  it('wraps out-of-range variants instead of failing', () => {
    expect(renderGarmentSvg({ garment: 'cap', colors: COLORS, variant: 5 })).toBe(
      renderGarmentSvg({ garment: 'cap', colors: COLORS, variant: 1 }),
    );
  });

  it('refuses anything but #rrggbb colours', () => {
    expect(() => renderGarmentSvg({ garment: 'cap', colors: ['red" onload="x', '#ffffff'], variant: 0 })).toThrow();
  });

  it('renders every product and category of the seed', () => {
    for (const p of products) {
      assertWellFormed(renderGarmentSvg({ garment: p.garment, colors: p.colors, variant: 0, pattern: p.pattern }));
    }
    for (const c of categories)
      assertWellFormed(renderTileSvg({ garment: c.garment, colors: c.colors, label: c.name }));
  });
});

describe('banners, tiles and avatars', () => {
  const nasty = `Tom & Jerry's <script>"x"</script>`;

  it('renders desktop and mobile banners at their sizes', () => {
    const desktop = renderBannerSvg({ title: 'Mulmul', garment: 'jhabla', colors: COLORS, mobile: false });
    const mobile = renderBannerSvg({ title: 'Mulmul', garment: 'jhabla', colors: COLORS, mobile: true });
    assertWellFormed(desktop);
    assertWellFormed(mobile);
    expect(desktop).toContain('viewBox="0 0 1600 600"');
    expect(mobile).toContain('viewBox="0 0 800 1000"');
    expect(desktop).toContain('#b5483b');
    expect(desktop).toContain('<linearGradient');
  });

  it('escapes text', () => {
    expect(escapeXml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&apos;');
    const outputs = [
      renderBannerSvg({ title: nasty, garment: 'frock', colors: COLORS, mobile: false }),
      renderTileSvg({ garment: 'bib', colors: COLORS, label: nasty }),
      renderAvatarSvg({ initials: '<&>', colors: COLORS }),
    ];
    for (const svg of outputs) {
      assertWellFormed(svg);
      expect(svg).not.toContain('<script>');
      expect(svg).not.toContain("Jerry's");
    }
    expect(outputs[1]).toContain('Tom &amp; Jerry&apos;s &lt;script&gt;&quot;x&quot;&lt;/script&gt;');
    expect(outputs[2]).toContain('&lt;&amp;&gt;');
  });

  it('renders tiles with and without labels, and avatars', () => {
    const plain = renderTileSvg({ garment: 'sheet', colors: COLORS });
    const labelled = renderTileSvg({ garment: 'sheet', colors: COLORS, label: 'Bedding' });
    assertWellFormed(plain);
    assertWellFormed(labelled);
    expect(plain).not.toContain('<text');
    expect(labelled).toContain('>Bedding</text>');
    const avatar = renderAvatarSvg({ initials: 'ps', colors: COLORS });
    assertWellFormed(avatar);
    expect(avatar).toContain('>PS</text>');
    expect(avatar).toContain('#b5483b');
  });
});
