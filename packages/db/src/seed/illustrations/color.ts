/** Colour arithmetic on #rrggbb strings, so every shade derives from the product's own two colours. */

interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Colours end up inside attributes, so anything but a plain hex colour is refused rather than escaped. */
export function assertHex(color: string): string {
  if (!HEX.test(color)) {
    throw new Error(`Expected a #rrggbb colour, got ${JSON.stringify(color)}`);
  }
  return color.toLowerCase();
}

function parse(color: string): Rgb {
  const hex = assertHex(color);
  return {
    r: Number.parseInt(hex.slice(1, 3), 16),
    g: Number.parseInt(hex.slice(3, 5), 16),
    b: Number.parseInt(hex.slice(5, 7), 16),
  };
}

function channel(value: number): string {
  return Math.max(0, Math.min(255, Math.round(value)))
    .toString(16)
    .padStart(2, '0');
}

function format({ r, g, b }: Rgb): string {
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** Linear blend: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = parse(a);
  const y = parse(b);
  return format({
    r: x.r + (y.r - x.r) * t,
    g: x.g + (y.g - x.g) * t,
    b: x.b + (y.b - x.b) * t,
  });
}

/** Pale version of a colour, warmed slightly so backgrounds read as cotton, never as grey. */
export function tint(color: string, amount: number): string {
  return mix(color, '#fffaf2', amount);
}

export function shade(color: string, amount: number): string {
  return mix(color, '#2b1d14', amount);
}

/** WCAG relative luminance, used to keep details visible on their cloth. */
export function luminance(color: string): number {
  const { r, g, b } = parse(color);
  const lin = (v: number): number => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export interface Palette {
  main: string;
  accent: string;
  /** Seam and silhouette line: a deep shade of the main colour. */
  outline: string;
  /** Accent work (stitching, prints) that stays legible even when the two colours are close. */
  detail: string;
  /** A lighter cloth tone for linings, folds and turned-back cuffs. */
  light: string;
  /** Folds and shadowed inner faces. */
  dark: string;
}

export function palette(colors: readonly [string, string]): Palette {
  const main = assertHex(colors[0]);
  const accent = assertHex(colors[1]);
  let detail = accent;
  if (contrast(main, accent) < 1.6) {
    detail = luminance(main) > 0.35 ? shade(accent, 0.45) : tint(accent, 0.6);
  }
  return {
    main,
    accent,
    outline: shade(main, 0.45),
    detail,
    light: tint(main, 0.35),
    dark: shade(main, 0.18),
  };
}
