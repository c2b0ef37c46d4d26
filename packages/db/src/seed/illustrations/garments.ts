/**
 * Product illustrations for the demo shop: flat, friendly drawings of each
 * garment, generated so the seed needs no photographs and no binary files.
 */
import type { GarmentKind, PatternName } from '../data/types';
import { tint } from './color';
import { garmentLayer } from './layer';
import type { DrawContext } from './shapes';
import { cottonBoll, garmentFocus } from './shapes';
import { hash, num, svgDocument } from './svg';

export { renderAvatarSvg, renderBannerSvg, renderTileSvg } from './scenes';
export { GARMENT_KINDS } from './shapes';
export { escapeXml } from './svg';

export interface GarmentSvgOptions {
  garment: GarmentKind;
  colors: [string, string];
  /** 0 front, 1 back (or the other fold), 2 close-up of the fabric, 3 flat lay. Other numbers wrap. */
  variant: number;
  width?: number;
  height?: number;
  /** The product's print; plain woven cloth when omitted. */
  pattern?: PatternName;
}

const VIEW_NAMES = ['front view', 'back view', 'fabric close-up', 'flat lay'] as const;

/** The drawing lives in a 600 × 600 square; other sizes centre that square and extend the background. */
function fitSquare(width: number, height: number): string {
  const s = Math.min(width, height) / 600;
  return `translate(${num((width - 600 * s) / 2)} ${num((height - 600 * s) / 2)}) scale(${Number(s.toFixed(4))})`;
}

/** Props for the flat lay: cotton bolls and leaves scattered at the corners, placed by hash so they vary per product. */
function flatLayProps(c: DrawContext, seed: number): string {
  const spots: [number, number][] = [
    [78, 86],
    [528, 104],
    [92, 520],
    [520, 512],
  ];
  let out = '';
  spots.forEach(([x, y], i) => {
    if (((seed >> i) & 3) === 0) return;
    const turn = ((seed >> (i * 3)) % 60) - 30;
    if (i % 2 === 0) {
      out += `<g transform="translate(${x} ${y}) rotate(${turn})">${cottonBoll(c, 0.9)}</g>`;
    } else {
      out +=
        `<g transform="translate(${x} ${y}) rotate(${turn})">` +
        `<path d="M0 0 C14 -30 40 -36 52 -30 C46 -10 24 6 0 0 Z" fill="${c.p.main}" opacity="0.7"/>` +
        `<path d="M0 0 C-12 -26 -34 -34 -46 -28 C-40 -8 -20 6 0 0 Z" fill="${c.p.dark}" opacity="0.5"/>` +
        `<path d="M0 0 L0 30" stroke="${c.p.outline}" stroke-width="3" stroke-linecap="round"/></g>`;
    }
  });
  return out;
}

export function renderGarmentSvg(opts: GarmentSvgOptions): string {
  const width = opts.width ?? 600;
  const height = opts.height ?? 600;
  const variant = ((Math.trunc(opts.variant) % 4) + 4) % 4;
  const pattern: PatternName = opts.pattern ?? 'Solid';
  const seed = hash(`${opts.garment}|${opts.colors[0]}|${opts.colors[1]}|${pattern}|${variant}`);
  const id = `k${seed.toString(36)}`;
  const layer = garmentLayer(opts.garment, opts.colors, pattern, variant === 1, id);
  const p = layer.palette;
  const ctx: DrawContext = { p, id, back: variant === 1 };

  let background: string;
  let transform: string;
  let extras = '';
  switch (variant) {
    case 0:
      background =
        `<radialGradient id="${id}-bg" cx="0.5" cy="0.45" r="0.7"><stop offset="0" stop-color="${tint(p.main, 0.9)}"/><stop offset="1" stop-color="${tint(p.main, 0.74)}"/></radialGradient>` +
        `<rect width="600" height="600" fill="url(#${id}-bg)"/>` +
        `<circle cx="300" cy="300" r="236" fill="${tint(p.accent, 0.78)}" opacity="0.55"/>`;
      transform = 'translate(300 300) scale(0.9) translate(-300 -300)';
      break;
    case 1:
      background =
        `<linearGradient id="${id}-bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(p.accent, 0.86)}"/><stop offset="1" stop-color="${tint(p.accent, 0.72)}"/></linearGradient>` +
        `<rect width="600" height="600" fill="url(#${id}-bg)"/>` +
        `<ellipse cx="300" cy="530" rx="230" ry="26" fill="${p.outline}" opacity="0.08"/>`;
      transform = 'translate(300 300) scale(0.88) translate(-300 -300)';
      break;
    case 2: {
      const [fx, fy] = garmentFocus(opts.garment);
      background = `<rect width="600" height="600" fill="${tint(p.main, 0.8)}"/>`;
      transform = `translate(300 300) scale(2.1) translate(${-fx} ${-fy})`;
      // A soft vignette frames the detail like a macro photograph.
      extras =
        `<radialGradient id="${id}-vig" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="${p.outline}" stop-opacity="0"/><stop offset="1" stop-color="${p.outline}" stop-opacity="0.22"/></radialGradient>` +
        `<rect width="600" height="600" fill="url(#${id}-vig)"/>`;
      break;
    }
    default:
      background =
        `<pattern id="${id}-linen" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0 4 H8 M4 0 V8" stroke="${p.outline}" stroke-width="0.6" opacity="0.08"/></pattern>` +
        `<rect width="600" height="600" fill="${tint(p.accent, 0.9)}"/><rect width="600" height="600" fill="url(#${id}-linen)"/>` +
        flatLayProps(ctx, seed);
      transform = 'translate(300 304) rotate(-8) scale(0.8) translate(-300 -300)';
      break;
  }

  const body =
    `<defs>${layer.defs}</defs>` +
    `<g transform="${fitSquare(width, height)}">` +
    `<clipPath id="${id}-frame"><rect width="600" height="600"/></clipPath>` +
    `<g clip-path="url(#${id}-frame)">${background}<g transform="${transform}">${layer.drawing}</g>${extras}</g></g>`;
  const title = `${opts.garment.replace('-', ' ')}, ${VIEW_NAMES[variant] ?? 'view'}`;
  return svgDocument(
    width,
    height,
    title,
    `<rect width="${num(width)}" height="${num(height)}" fill="${tint(p.main, 0.8)}"/>${body}`,
  );
}
