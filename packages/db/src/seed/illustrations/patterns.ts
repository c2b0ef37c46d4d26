/** Fabric prints as SVG <pattern> tiles, laid over the garment's base colour. */
import type { PatternName } from '../data/types';
import type { Palette } from './color';
import { shade, tint } from './color';

function tile(id: string, size: number, content: string, rotate = 0): string {
  const transform = rotate === 0 ? '' : ` patternTransform="rotate(${rotate})"`;
  return `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse"${transform}>${content}</pattern>`;
}

/** A tiny elephant: the animal most Indian baby prints reach for, and readable at 30 px. */
const ELEPHANT =
  'M8 22 C8 14 14 10 21 10 C26 10 29 12 31 15 C34 15 36 18 36 22 L36 30 L33 30 L33 25 ' +
  'C32 26 30 26 30 24 L29 28 L26 28 L26 25 L16 25 L16 28 L13 28 L13 25 C10 25 8 24 8 22 Z';

/** A four-petal booti, the small repeat motif of hand block prints. */
function booti(cx: number, cy: number, r: number, color: string, center: string): string {
  const petals = [0, 90, 180, 270]
    .map(
      (a) =>
        `<ellipse cx="${cx}" cy="${cy - r}" rx="${r * 0.45}" ry="${r * 0.8}" fill="${color}" transform="rotate(${a} ${cx} ${cy})"/>`,
    )
    .join('');
  return `${petals}<circle cx="${cx}" cy="${cy}" r="${r * 0.35}" fill="${center}"/>`;
}

function flower(cx: number, cy: number, r: number, color: string, center: string): string {
  const petals = [0, 72, 144, 216, 288]
    .map(
      (a) =>
        `<circle cx="${cx}" cy="${cy - r * 0.62}" r="${r * 0.45}" fill="${color}" transform="rotate(${a} ${cx} ${cy})"/>`,
    )
    .join('');
  return `${petals}<circle cx="${cx}" cy="${cy}" r="${r * 0.32}" fill="${center}"/>`;
}

/**
 * Returns the <pattern> element for a print. The tile is drawn over the base
 * colour, so it carries only the print itself (never an opaque background).
 */
export function patternDef(id: string, pattern: PatternName, p: Palette): string {
  const d = p.detail;
  switch (pattern) {
    case 'Stripes':
      return tile(
        id,
        36,
        `<rect x="0" y="0" width="11" height="36" fill="${d}" opacity="0.75"/><rect x="18" y="0" width="2" height="36" fill="${d}" opacity="0.5"/>`,
      );
    case 'Checks':
      return tile(
        id,
        44,
        `<rect x="0" y="0" width="16" height="44" fill="${d}" opacity="0.35"/><rect x="0" y="0" width="44" height="16" fill="${d}" opacity="0.35"/><rect x="30" y="0" width="2" height="44" fill="${p.outline}" opacity="0.25"/><rect x="0" y="30" width="44" height="2" fill="${p.outline}" opacity="0.25"/>`,
      );
    case 'Polka Dots':
      return tile(id, 40, `<circle cx="10" cy="10" r="5.5" fill="${d}"/><circle cx="30" cy="30" r="5.5" fill="${d}"/>`);
    case 'Floral':
      return tile(
        id,
        60,
        `${flower(15, 16, 11, d, tint(p.main, 0.6))}${flower(45, 46, 8, d, tint(p.main, 0.6))}<circle cx="46" cy="14" r="2.5" fill="${d}" opacity="0.7"/><circle cx="14" cy="46" r="2.5" fill="${d}" opacity="0.7"/>`,
      );
    case 'Animal Print':
      return tile(
        id,
        64,
        `<path d="${ELEPHANT}" fill="${d}"/><g transform="translate(32 32)"><path d="${ELEPHANT}" fill="${d}" opacity="0.8"/></g>`,
      );
    case 'Block Print':
      return tile(
        id,
        56,
        `${booti(14, 14, 8, d, p.outline)}${booti(42, 42, 8, d, p.outline)}<circle cx="42" cy="14" r="2" fill="${shade(d, 0.2)}"/><circle cx="14" cy="42" r="2" fill="${shade(d, 0.2)}"/>`,
      );
    case 'Solid':
      // Plain cloth still shows its weave: a faint slub keeps it from looking like flat paint.
      return tile(
        id,
        24,
        `<path d="M0 6 H13 M17 6 H24 M0 18 H5 M9 18 H24" stroke="${p.outline}" stroke-width="1" opacity="0.12"/><path d="M6 0 V9 M18 12 V24" stroke="#ffffff" stroke-width="1" opacity="0.18"/>`,
        0,
      );
  }
}
