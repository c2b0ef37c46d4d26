/** Builds one garment, with its print definition, ready to place in any scene. */
import type { GarmentKind, PatternName } from '../data/types';
import type { Palette } from './color';
import { palette } from './color';
import { patternDef } from './patterns';
import type { DrawContext } from './shapes';
import { drawGarment } from './shapes';

export interface GarmentLayer {
  palette: Palette;
  /** <pattern>/<clipPath> definitions; must sit in the same document as `drawing`. */
  defs: string;
  drawing: string;
}

export function garmentLayer(
  kind: GarmentKind,
  colors: readonly [string, string],
  pattern: PatternName,
  back: boolean,
  id: string,
): GarmentLayer {
  const p = palette(colors);
  const ctx: DrawContext = { p, id, back };
  return {
    palette: p,
    defs: patternDef(`${id}-print`, pattern, p),
    drawing: drawGarment(kind, ctx),
  };
}
