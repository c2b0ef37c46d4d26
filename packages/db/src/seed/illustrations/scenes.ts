/** Compositions built from garments: home banners, category tiles and testimonial avatars. */
import type { GarmentKind } from '../data/types';
import { assertHex, mix, shade, tint } from './color';
import { garmentLayer } from './layer';
import { escapeXml, hash, num, svgDocument } from './svg';

/** Pieces that sit well beside each garment in a banner: what a parent would buy with it. */
const COMPANIONS: Record<GarmentKind, [GarmentKind, GarmentKind]> = {
  onesie: ['cap', 'mittens'],
  jhabla: ['cap', 'bib'],
  top: ['shorts', 'cap'],
  frock: ['cap', 'bib'],
  'pyjama-set': ['pillow', 'cap'],
  shorts: ['top', 'cap'],
  pants: ['top', 'cap'],
  blanket: ['pillow', 'swaddle'],
  swaddle: ['cap', 'mittens'],
  bib: ['cap', 'mittens'],
  cap: ['mittens', 'bib'],
  mittens: ['cap', 'bib'],
  romper: ['cap', 'bib'],
  'co-ord': ['cap', 'bib'],
  'sleeping-bag': ['pillow', 'cap'],
  pillow: ['blanket', 'cap'],
  sheet: ['pillow', 'blanket'],
};

interface Placement {
  x: number;
  y: number;
  scale: number;
  rotate: number;
}

function place(drawing: string, at: Placement): string {
  return `<g transform="translate(${num(at.x)} ${num(at.y)}) rotate(${num(at.rotate)}) scale(${num(at.scale)}) translate(-300 -300)">${drawing}</g>`;
}

export interface BannerSvgOptions {
  title: string;
  garment: GarmentKind;
  colors: [string, string];
  mobile: boolean;
}

/**
 * A home banner: 1600 × 600 (desktop) or 800 × 1000 (mobile). It carries no
 * visible text; the storefront sets the title over the calm side (left on
 * desktop, top on mobile), so the garments keep to the other side.
 */
export function renderBannerSvg(opts: BannerSvgOptions): string {
  const main = assertHex(opts.colors[0]);
  const accent = assertHex(opts.colors[1]);
  const width = opts.mobile ? 800 : 1600;
  const height = opts.mobile ? 1000 : 600;
  const seed = hash(`banner|${opts.title}|${opts.garment}|${main}|${accent}|${opts.mobile ? 'm' : 'd'}`);
  const id = `b${seed.toString(36)}`;
  const [firstKind, secondKind] = COMPANIONS[opts.garment];

  const hero = garmentLayer(opts.garment, [main, accent], 'Solid', false, `${id}h`);
  const first = garmentLayer(firstKind, [accent, main], 'Polka Dots', false, `${id}a`);
  const second = garmentLayer(secondKind, [tint(main, 0.45), accent], 'Stripes', false, `${id}c`);

  const tilt = (seed % 7) - 3;
  const spots: [Placement, Placement, Placement] = opts.mobile
    ? [
        { x: 410, y: 660, scale: 0.98, rotate: -6 + tilt },
        { x: 150, y: 860, scale: 0.5, rotate: 12 },
        { x: 660, y: 880, scale: 0.5, rotate: -10 },
      ]
    : [
        { x: 1130, y: 310, scale: 0.88, rotate: -7 + tilt },
        { x: 830, y: 390, scale: 0.46, rotate: 12 },
        { x: 1440, y: 400, scale: 0.46, rotate: -12 },
      ];

  const defs =
    `<linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${tint(main, 0.82)}"/><stop offset="0.55" stop-color="${tint(main, 0.6)}"/><stop offset="1" stop-color="${tint(accent, 0.62)}"/></linearGradient>` +
    hero.defs +
    first.defs +
    second.defs;

  const [heroAt, firstAt, secondAt] = spots;
  const ground = opts.mobile
    ? `M0 820 C200 780 600 800 800 760 L800 1000 L0 1000 Z`
    : `M0 520 C400 470 1000 560 1600 480 L1600 600 L0 600 Z`;
  const halo = opts.mobile ? { x: 410, y: 660, r: 300 } : { x: 1130, y: 310, r: 280 };

  const body =
    `<defs>${defs}</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#${id}-bg)"/>` +
    `<circle cx="${halo.x}" cy="${halo.y}" r="${halo.r}" fill="#ffffff" opacity="0.28"/>` +
    `<circle cx="${opts.mobile ? 690 : 1540}" cy="${opts.mobile ? 120 : 70}" r="120" fill="${tint(accent, 0.5)}" opacity="0.35"/>` +
    `<path d="${ground}" fill="${tint(accent, 0.75)}" opacity="0.5"/>` +
    place(first.drawing, firstAt) +
    place(second.drawing, secondAt) +
    place(hero.drawing, heroAt);
  return svgDocument(width, height, opts.title, body);
}

export interface TileSvgOptions {
  garment: GarmentKind;
  colors: [string, string];
  /** Printed on a ribbon at the foot of the tile when given. */
  label?: string;
  width?: number;
  height?: number;
}

/** A square tile for categories, subcategories and ads. */
export function renderTileSvg(opts: TileSvgOptions): string {
  const main = assertHex(opts.colors[0]);
  const accent = assertHex(opts.colors[1]);
  const width = opts.width ?? 600;
  const height = opts.height ?? 600;
  const seed = hash(`tile|${opts.garment}|${main}|${accent}|${opts.label ?? ''}|${width}x${height}`);
  const id = `t${seed.toString(36)}`;
  const layer = garmentLayer(opts.garment, [main, accent], 'Solid', false, id);
  const s = Math.min(width, height) / 600;
  const cx = width / 2;
  const labelRoom = opts.label ? 70 * s : 0;
  // Mostly the accent, warmed by the main colour, so a dark accent such as indigo never tints to grey.
  const halo = mix(accent, main, 0.35);
  const cy = (height - labelRoom) / 2;

  let labelSvg = '';
  if (opts.label) {
    const fontSize = 34 * s;
    // Georgia's average glyph is a little over half its size; the cap keeps long names inside the tile.
    const pillWidth = Math.min(width - 40 * s, opts.label.length * fontSize * 0.56 + 56 * s);
    const pillY = height - 86 * s;
    labelSvg =
      `<rect x="${num(cx - pillWidth / 2)}" y="${num(pillY)}" width="${num(pillWidth)}" height="${num(58 * s)}" rx="${num(29 * s)}" fill="#fffdf8" opacity="0.92"/>` +
      `<text x="${num(cx)}" y="${num(pillY + 39 * s)}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="${num(fontSize)}" fill="${shade(main, 0.55)}">${escapeXml(opts.label)}</text>`;
  }

  const body =
    `<defs><radialGradient id="${id}-bg" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="${tint(main, 0.88)}"/><stop offset="1" stop-color="${tint(main, 0.7)}"/></radialGradient>${layer.defs}</defs>` +
    `<rect width="${num(width)}" height="${num(height)}" fill="url(#${id}-bg)"/>` +
    `<circle cx="${num(cx + 40 * s)}" cy="${num(cy - 20 * s)}" r="${num(220 * s)}" fill="${tint(halo, 0.7)}" opacity="0.6"/>` +
    `<circle cx="${num(cx - 190 * s)}" cy="${num(cy + 170 * s)}" r="${num(70 * s)}" fill="${tint(halo, 0.55)}" opacity="0.45"/>` +
    place(layer.drawing, { x: cx, y: cy, scale: (opts.label ? 0.72 : 0.8) * s, rotate: 0 }) +
    labelSvg;
  return svgDocument(width, height, opts.label ?? opts.garment.replace('-', ' '), body);
}

export interface AvatarSvgOptions {
  initials: string;
  colors: [string, string];
  size?: number;
}

/** A round, face-less avatar with the customer's initials. */
export function renderAvatarSvg(opts: AvatarSvgOptions): string {
  const main = assertHex(opts.colors[0]);
  const accent = assertHex(opts.colors[1]);
  const size = opts.size ?? 200;
  const id = `a${hash(`avatar|${opts.initials}|${main}|${accent}|${size}`).toString(36)}`;
  const r = size / 2;
  const initials = opts.initials.trim().slice(0, 3).toUpperCase();
  const body =
    `<defs><linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(main, 0.55)}"/><stop offset="1" stop-color="${tint(accent, 0.62)}"/></linearGradient></defs>` +
    `<circle cx="${num(r)}" cy="${num(r)}" r="${num(r)}" fill="url(#${id}-bg)"/>` +
    `<circle cx="${num(r)}" cy="${num(r)}" r="${num(r - 5)}" fill="none" stroke="${main}" stroke-width="3" opacity="0.7"/>` +
    `<circle cx="${num(r)}" cy="${num(r)}" r="${num(r - 14)}" fill="none" stroke="${accent}" stroke-width="2" stroke-dasharray="4 5" opacity="0.9"/>` +
    `<text x="${num(r)}" y="${num(r + size * 0.13)}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="${num(size * 0.36)}" fill="${shade(main, 0.6)}">${escapeXml(initials)}</text>`;
  return svgDocument(size, size, opts.initials, body);
}
