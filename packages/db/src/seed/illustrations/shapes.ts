/**
 * One drawing per garment kind, in a 600 × 600 space centred on (300, 300).
 * Each drawing is flat cloth in the main colour with its print laid on top,
 * and trims, closures and stitching in the accent colour.
 */
import type { GarmentKind } from '../data/types';
import type { Palette } from './color';
import { tint } from './color';
import { num } from './svg';

export interface DrawContext {
  p: Palette;
  /** Prefix for ids (print pattern, clip paths) so several drawings can share one document. */
  id: string;
  /** Back view for clothes; the alternative fold or spread for flat goods. */
  back: boolean;
}

type Tone = 'main' | 'light' | 'dark' | 'accent';

function toneColor(c: DrawContext, tone: Tone): string {
  switch (tone) {
    case 'main':
      return c.p.main;
    case 'light':
      return c.p.light;
    case 'dark':
      return c.p.dark;
    case 'accent':
      return c.p.accent;
  }
}

/** A piece of cloth: a soft cast shadow, the base colour, the print, then the seam line. */
function cloth(c: DrawContext, d: string, tone: Tone = 'main'): string {
  const printed = tone === 'main' || tone === 'dark' ? `<path d="${d}" fill="url(#${c.id}-print)"/>` : '';
  return (
    `<path d="${d}" fill="${c.p.outline}" opacity="0.14" transform="translate(7 9)"/>` +
    `<path d="${d}" fill="${toneColor(c, tone)}"/>${printed}` +
    `<path d="${d}" fill="none" stroke="${c.p.outline}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"/>`
  );
}

/** Piping and binding: a solid accent band along an edge. */
function trim(c: DrawContext, d: string, width = 7): string {
  return `<path d="${d}" fill="none" stroke="${c.p.accent}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** Running stitch, the hand-finished look the brand sells on. */
function stitch(c: DrawContext, d: string, width = 2.5): string {
  return `<path d="${d}" fill="none" stroke="${c.p.detail}" stroke-width="${width}" stroke-dasharray="7 6" stroke-linecap="round"/>`;
}

/** A fold or seam: a faint line in the cloth's own dark shade. */
function crease(c: DrawContext, d: string, width = 2.5): string {
  return `<path d="${d}" fill="none" stroke="${c.p.outline}" stroke-width="${width}" opacity="0.35" stroke-linecap="round"/>`;
}

function button(c: DrawContext, x: number, y: number, r = 8): string {
  return (
    `<circle cx="${num(x)}" cy="${num(y)}" r="${r}" fill="${c.p.accent}" stroke="${c.p.outline}" stroke-width="2"/>` +
    `<circle cx="${num(x - r * 0.3)}" cy="${num(y)}" r="${num(r * 0.18)}" fill="${c.p.outline}"/>` +
    `<circle cx="${num(x + r * 0.3)}" cy="${num(y)}" r="${num(r * 0.18)}" fill="${c.p.outline}"/>`
  );
}

function snap(c: DrawContext, x: number, y: number, r = 6): string {
  return (
    `<circle cx="${num(x)}" cy="${num(y)}" r="${r}" fill="${tint(c.p.accent, 0.3)}" stroke="${c.p.outline}" stroke-width="2"/>` +
    `<circle cx="${num(x)}" cy="${num(y)}" r="${num(r * 0.4)}" fill="${c.p.outline}" opacity="0.5"/>`
  );
}

function bow(c: DrawContext, x: number, y: number, size = 1): string {
  const s = size;
  const d =
    `M${num(x)} ${num(y)} C${num(x - 18 * s)} ${num(y - 22 * s)} ${num(x - 34 * s)} ${num(y - 8 * s)} ${num(x - 30 * s)} ${num(y + 8 * s)} ` +
    `C${num(x - 26 * s)} ${num(y + 18 * s)} ${num(x - 10 * s)} ${num(y + 10 * s)} ${num(x)} ${num(y)} Z ` +
    `M${num(x)} ${num(y)} C${num(x + 18 * s)} ${num(y - 22 * s)} ${num(x + 34 * s)} ${num(y - 8 * s)} ${num(x + 30 * s)} ${num(y + 8 * s)} ` +
    `C${num(x + 26 * s)} ${num(y + 18 * s)} ${num(x + 10 * s)} ${num(y + 10 * s)} ${num(x)} ${num(y)} Z`;
  const tails =
    `M${num(x - 3 * s)} ${num(y + 3 * s)} C${num(x - 10 * s)} ${num(y + 20 * s)} ${num(x - 14 * s)} ${num(y + 30 * s)} ${num(x - 20 * s)} ${num(y + 38 * s)} ` +
    `M${num(x + 3 * s)} ${num(y + 3 * s)} C${num(x + 10 * s)} ${num(y + 20 * s)} ${num(x + 14 * s)} ${num(y + 30 * s)} ${num(x + 20 * s)} ${num(y + 38 * s)}`;
  return (
    `<path d="${tails}" fill="none" stroke="${c.p.accent}" stroke-width="${num(5 * s)}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="${c.p.accent}" stroke="${c.p.outline}" stroke-width="2" stroke-linejoin="round"/>` +
    `<circle cx="${num(x)}" cy="${num(y)}" r="${num(6 * s)}" fill="${c.p.accent}" stroke="${c.p.outline}" stroke-width="2"/>`
  );
}

/** A small woven label: shows the garment from behind. */
function label(c: DrawContext, x: number, y: number): string {
  return `<rect x="${x - 16}" y="${y}" width="32" height="20" rx="3" fill="${c.p.accent}" stroke="${c.p.outline}" stroke-width="2"/>`;
}

function group(transform: string, content: string): string {
  return `<g transform="${transform}">${content}</g>`;
}

// --- Clothes -----------------------------------------------------------------

function onesie(c: DrawContext): string {
  const body =
    'M245 118 C265 150 335 150 355 118 L405 132 L470 182 L440 232 L405 212 ' +
    'C400 280 402 340 410 392 C380 400 350 430 340 470 L336 500 L264 500 L260 470 ' +
    'C250 430 220 400 190 392 C198 340 200 280 195 212 L160 232 L130 182 L195 132 Z';
  let out = cloth(c, body);
  out += trim(c, 'M470 182 L440 232');
  out += trim(c, 'M130 182 L160 232');
  out += trim(c, 'M410 392 C380 400 350 430 340 470', 6);
  out += trim(c, 'M190 392 C220 400 250 430 260 470', 6);
  out += crease(c, 'M264 482 L336 482');
  if (c.back) {
    out += trim(c, 'M245 118 C265 138 335 138 355 118', 6);
    out += label(c, 300, 134);
    out += crease(c, 'M300 160 L300 380', 2);
  } else {
    out += trim(c, 'M245 118 C265 150 335 150 355 118', 6);
    // The envelope neck: overlapping shoulder flaps that let it go on over a big head.
    out += cloth(c, 'M245 118 L214 126 L226 168 C236 150 242 134 245 118 Z', 'light');
    out += cloth(c, 'M355 118 L386 126 L374 168 C364 150 358 134 355 118 Z', 'light');
    out += stitch(c, 'M215 240 C260 252 340 252 385 240');
  }
  out += snap(c, 278, 490) + snap(c, 300, 490) + snap(c, 322, 490);
  return out;
}

function jhabla(c: DrawContext): string {
  const body =
    'M255 128 C275 146 325 146 345 128 L410 142 L492 212 L452 262 L412 236 ' +
    'L428 430 C360 444 240 444 172 430 L188 236 L148 262 L108 212 L190 142 Z';
  let out = cloth(c, body);
  out += trim(c, 'M492 212 L452 262');
  out += trim(c, 'M108 212 L148 262');
  out += trim(c, 'M428 430 C360 444 240 444 172 430', 6);
  out += stitch(c, 'M180 414 C250 426 350 426 420 414');
  if (c.back) {
    out += trim(c, 'M255 128 C275 146 325 146 345 128', 6);
    out += label(c, 300, 144);
    // From behind only the tie ends show, peeking past the side seam.
    out += trim(c, 'M420 320 C438 330 446 350 440 372', 5);
    out += trim(c, 'M420 320 C444 318 460 330 466 346', 5);
  } else {
    // The wrap front of a jhabla: one panel crosses over and ties at the side, no buttons.
    out += `<path d="M290 139 C300 220 350 290 414 310" fill="none" stroke="${c.p.outline}" stroke-width="3" opacity="0.4" transform="translate(5 4)"/>`;
    out += trim(c, 'M255 128 C275 146 325 146 345 128', 6);
    out += trim(c, 'M290 139 C300 220 350 290 414 310', 6);
    out += trim(c, 'M414 310 C440 322 452 348 446 374', 5);
    out += trim(c, 'M414 310 C446 306 466 320 474 342', 5);
    out += `<circle cx="414" cy="310" r="7" fill="${c.p.accent}" stroke="${c.p.outline}" stroke-width="2"/>`;
    out += trim(c, 'M300 230 C318 238 330 252 332 270', 4);
  }
  return out;
}

/** A kurta-style top with a button placket and side slits. */
function top(c: DrawContext): string {
  const body =
    'M258 112 L342 112 L410 130 C440 180 470 250 488 308 L452 322 C438 270 420 230 408 205 ' +
    'L418 488 L182 488 L192 205 C180 230 162 270 148 322 L112 308 C130 250 160 180 190 130 Z';
  let out = cloth(c, body);
  out += trim(c, 'M488 308 L452 322', 8);
  out += trim(c, 'M112 308 L148 322', 8);
  out += trim(c, 'M418 488 L182 488', 6);
  out += crease(c, 'M184 488 L186 440');
  out += crease(c, 'M416 488 L414 440');
  if (c.back) {
    out += crease(c, 'M192 170 C260 186 340 186 408 170');
    out += trim(c, 'M258 112 C275 122 325 122 342 112', 6);
    out += label(c, 300, 124);
  } else {
    out += cloth(c, 'M288 120 L312 120 L312 250 L288 250 Z', 'light');
    out += button(c, 300, 150, 7) + button(c, 300, 185, 7) + button(c, 300, 220, 7);
    out += cloth(c, 'M258 112 C275 124 325 124 342 112 L340 98 C325 106 275 106 260 98 Z', 'accent');
    out += stitch(c, 'M200 455 L400 455');
  }
  return out;
}

function frock(c: DrawContext): string {
  const skirt = 'M235 240 L365 240 C400 320 440 400 482 470 C380 506 220 506 118 470 C160 400 200 320 235 240 Z';
  const bodice = 'M258 108 C272 128 328 128 342 108 L372 114 L365 240 L235 240 L228 114 Z';
  let out = cloth(c, skirt);
  out += crease(c, 'M262 250 C240 330 220 410 205 492');
  out += crease(c, 'M300 250 L300 502');
  out += crease(c, 'M338 250 C360 330 380 410 395 492');
  out += stitch(c, 'M132 456 C225 490 375 490 468 456', 3);
  out += cloth(c, 'M228 114 C190 108 168 140 178 174 C196 180 216 170 232 160 Z');
  out += cloth(c, 'M372 114 C410 108 432 140 422 174 C404 180 384 170 368 160 Z');
  out += trim(c, 'M178 174 C196 180 216 170 232 160', 5);
  out += trim(c, 'M422 174 C404 180 384 170 368 160', 5);
  out += cloth(c, bodice);
  out += `<rect x="232" y="228" width="136" height="24" rx="6" fill="${c.p.accent}" stroke="${c.p.outline}" stroke-width="2.5"/>`;
  if (c.back) {
    out += trim(c, 'M258 108 C272 120 328 120 342 108', 5);
    out += button(c, 300, 140, 6) + button(c, 300, 170, 6) + button(c, 300, 200, 6);
    // The sash ties at the back, so its tails hang over the skirt.
    out += trim(c, 'M300 246 C290 290 280 320 268 350', 8);
    out += trim(c, 'M300 246 C312 290 322 320 336 350', 8);
  } else {
    out += trim(c, 'M258 108 C272 128 328 128 342 108', 5);
    out += stitch(c, 'M262 150 C285 160 315 160 338 150', 2);
    out += bow(c, 300, 240, 1);
  }
  return out;
}

/** A collared night-suit shirt; only used as part of the pyjama set. */
function shirt(c: DrawContext): string {
  const body =
    'M250 120 L350 120 L415 140 C445 190 470 250 485 300 L450 315 C435 265 420 230 410 210 ' +
    'L418 420 L182 420 L190 210 C180 230 165 265 150 315 L115 300 C130 250 155 190 185 140 Z';
  let out = cloth(c, body);
  out += trim(c, 'M485 300 L450 315', 8);
  out += trim(c, 'M115 300 L150 315', 8);
  out += trim(c, 'M418 420 L182 420', 6);
  if (c.back) {
    out += crease(c, 'M190 175 C260 190 340 190 410 175');
    out += cloth(c, 'M250 120 C270 134 330 134 350 120 L350 108 L250 108 Z', 'light');
  } else {
    out += crease(c, 'M300 165 L300 420');
    out += button(c, 308, 205, 7) + button(c, 308, 265, 7) + button(c, 308, 325, 7) + button(c, 308, 385, 7);
    out += cloth(c, 'M340 210 L380 210 L380 252 C370 258 350 258 340 252 Z', 'light');
    out += trim(c, 'M340 210 L380 210', 4);
    out += cloth(c, 'M250 120 L300 165 L268 180 L236 128 Z', 'light');
    out += cloth(c, 'M350 120 L300 165 L332 180 L364 128 Z', 'light');
    out += trim(c, 'M300 165 L268 180 L236 128', 4);
    out += trim(c, 'M300 165 L332 180 L364 128', 4);
  }
  return out;
}

function waistband(c: DrawContext, x1: number, x2: number, y: number, h: number, drawstring: boolean): string {
  let out = cloth(c, `M${x1} ${y} L${x2} ${y} L${x2} ${y + h} L${x1} ${y + h} Z`, 'light');
  for (let x = x1 + 14; x < x2 - 6; x += 16) {
    out += crease(c, `M${x} ${y + 5} L${x + 3} ${y + h - 5}`, 2);
  }
  if (drawstring) {
    const mid = (x1 + x2) / 2;
    out += bow(c, mid, y + h / 2 + 2, 0.8);
  }
  return out;
}

function pants(c: DrawContext): string {
  const body = 'M195 110 L405 110 L425 270 L402 500 L330 500 L306 250 L294 250 L270 500 L198 500 L175 270 Z';
  let out = cloth(c, body);
  out += crease(c, 'M300 150 L300 250');
  out += crease(c, 'M232 300 C226 360 228 420 232 470', 2);
  out += crease(c, 'M368 300 C374 360 372 420 368 470', 2);
  out += cloth(c, 'M199 476 L271 476 L269 504 L197 504 Z', 'accent');
  out += cloth(c, 'M329 476 L401 476 L403 504 L331 504 Z', 'accent');
  out += waistband(c, 193, 407, 102, 36, !c.back);
  if (c.back) {
    out += cloth(c, 'M320 170 L378 170 L376 226 L322 226 Z', 'main');
    out += trim(c, 'M320 170 L378 170', 4);
  } else {
    out += trim(c, 'M195 152 C215 170 230 190 232 215', 4);
    out += trim(c, 'M405 152 C385 170 370 190 368 215', 4);
  }
  return out;
}

function shorts(c: DrawContext): string {
  const body = 'M180 175 L420 175 L452 392 L322 404 L300 300 L278 404 L148 392 Z';
  let out = cloth(c, body);
  out += crease(c, 'M300 210 L300 300');
  out += trim(c, 'M452 392 L322 404', 9);
  out += trim(c, 'M148 392 L278 404', 9);
  out += stitch(c, 'M160 376 L276 386');
  out += stitch(c, 'M440 376 L324 386');
  out += waistband(c, 178, 422, 160, 40, !c.back);
  if (c.back) {
    out += cloth(c, 'M330 240 L392 240 L394 300 C380 308 342 308 330 300 Z');
    out += trim(c, 'M330 240 L392 240', 4);
  } else {
    out += trim(c, 'M182 215 C205 228 222 248 228 270', 4);
    out += trim(c, 'M418 215 C395 228 378 248 372 270', 4);
  }
  return out;
}

function romper(c: DrawContext): string {
  const body =
    'M228 112 L268 112 L272 150 C285 172 315 172 328 150 L332 112 L372 112 L372 150 ' +
    'C374 190 390 215 410 228 L414 395 L440 478 L322 490 L300 420 L278 490 L160 478 L186 395 ' +
    'L190 228 C210 215 226 190 228 150 Z';
  let out = cloth(c, body);
  out += trim(c, 'M440 478 L322 490', 8);
  out += trim(c, 'M160 478 L278 490', 8);
  out += trim(c, 'M372 150 C374 190 390 215 410 228', 5);
  out += trim(c, 'M228 150 C226 190 210 215 190 228', 5);
  out += crease(c, 'M300 330 L300 420');
  if (c.back) {
    out += crease(c, 'M190 300 C260 312 340 312 412 300');
    out += trim(c, 'M272 150 C285 164 315 164 328 150', 5);
  } else {
    out += trim(c, 'M272 150 C285 172 315 172 328 150', 5);
    out += button(c, 248, 132, 9) + button(c, 352, 132, 9);
    out += cloth(c, 'M252 232 L348 232 L346 292 C330 302 270 302 254 292 Z', 'light');
    out += stitch(c, 'M262 244 L338 244');
    out += crease(c, 'M188 330 C260 342 340 342 412 330', 2);
  }
  return out;
}

/** A boxy short-sleeved top for the co-ord set. */
function boxyTop(c: DrawContext): string {
  const body =
    'M255 110 C270 135 330 135 345 110 L420 130 L470 185 L435 222 L410 205 L412 330 ' +
    'L188 330 L190 205 L165 222 L130 185 L180 130 Z';
  let out = cloth(c, body);
  out += trim(c, c.back ? 'M255 110 C270 122 330 122 345 110' : 'M255 110 C270 135 330 135 345 110', 6);
  out += trim(c, 'M470 185 L435 222', 7);
  out += trim(c, 'M130 185 L165 222', 7);
  out += trim(c, 'M412 330 L188 330', 6);
  if (!c.back) {
    out += stitch(c, 'M200 312 L400 312');
    out += button(c, 300, 160, 6) + button(c, 300, 188, 6);
  }
  return out;
}

function pyjamaSet(c: DrawContext): string {
  // Laid out as a shop would photograph it: shirt to the upper left, pyjamas beside it.
  return (
    group('translate(392 336) rotate(5) scale(0.6) translate(-300 -303)', pants(c)) +
    group('translate(228 248) rotate(-4) scale(0.62) translate(-300 -264)', shirt(c))
  );
}

function coOrd(c: DrawContext): string {
  return (
    group('translate(300 398) scale(0.72) translate(-300 -282)', shorts(c)) +
    group('translate(300 186) scale(0.72) translate(-300 -220)', boxyTop(c))
  );
}

function sleepingBag(c: DrawContext): string {
  const body =
    'M240 100 C265 122 335 122 360 100 L382 104 C384 140 398 165 428 175 L438 460 ' +
    'C438 520 162 520 162 460 L172 175 C202 165 216 140 218 104 Z';
  let out = cloth(c, body);
  out += crease(c, 'M172 260 C240 272 360 272 436 260');
  out += crease(c, 'M170 350 C240 362 360 362 437 350');
  out += crease(c, 'M166 436 C240 448 360 448 438 436');
  out += trim(c, 'M382 104 C384 140 398 165 428 175', 5);
  out += trim(c, 'M218 104 C216 140 202 165 172 175', 5);
  out += snap(c, 229, 112, 7) + snap(c, 371, 112, 7);
  if (c.back) {
    out += trim(c, 'M240 100 C265 114 335 114 360 100', 5);
    out += label(c, 300, 118);
  } else {
    out += trim(c, 'M240 100 C265 122 335 122 360 100', 5);
    // A two-way zip down one side: night changes without taking the bag off.
    out += `<path d="M334 126 L334 470" stroke="${c.p.outline}" stroke-width="9" stroke-linecap="round"/>`;
    out += `<path d="M334 126 L334 470" stroke="${c.p.accent}" stroke-width="5" stroke-dasharray="3 3"/>`;
    out += `<rect x="326" y="150" width="16" height="30" rx="5" fill="${c.p.accent}" stroke="${c.p.outline}" stroke-width="2.5"/>`;
  }
  return out;
}

// --- Accessories --------------------------------------------------------------

function bib(c: DrawContext): string {
  const body =
    'M215 200 C130 230 120 420 300 500 C480 420 470 230 385 200 ' +
    'C380 250 350 285 300 285 C250 285 220 250 215 200 Z';
  let out = '';
  // The neck strap is drawn as a wide outlined stroke, then the bib over it.
  out += `<path d="M218 204 C205 110 395 110 382 204" fill="none" stroke="${c.p.outline}" stroke-width="34" stroke-linecap="round"/>`;
  out += `<path d="M218 204 C205 110 395 110 382 204" fill="none" stroke="${c.p.main}" stroke-width="28" stroke-linecap="round"/>`;
  out += cloth(c, body, c.back ? 'light' : 'main');
  out += trim(c, 'M215 200 C130 230 120 420 300 500 C480 420 470 230 385 200', 8);
  out += trim(c, 'M385 200 C380 250 350 285 300 285 C250 285 220 250 215 200', 6);
  out += snap(c, 382, 168, 9);
  if (c.back) {
    out += stitch(c, 'M232 232 C170 270 170 400 300 470 C430 400 430 270 368 232');
  } else {
    // A cotton boll appliqué: the brand's mark, sewn on.
    out += `<g transform="translate(300 385)">${cottonBoll(c, 1.1)}</g>`;
  }
  return out;
}

/** The cotton boll motif (three puffs on a calyx), reused as appliqué and as a prop. */
export function cottonBoll(c: DrawContext, s: number): string {
  const puff = tint(c.p.accent, 0.75);
  return (
    `<path d="M0 ${num(10 * s)} L${num(-22 * s)} ${num(30 * s)} L0 ${num(24 * s)} L${num(22 * s)} ${num(30 * s)} Z" fill="${c.p.detail}"/>` +
    `<circle cx="${num(-16 * s)}" cy="${num(-2 * s)}" r="${num(18 * s)}" fill="${puff}" stroke="${c.p.outline}" stroke-width="2"/>` +
    `<circle cx="${num(16 * s)}" cy="${num(-2 * s)}" r="${num(18 * s)}" fill="${puff}" stroke="${c.p.outline}" stroke-width="2"/>` +
    `<circle cx="0" cy="${num(-18 * s)}" r="${num(19 * s)}" fill="${puff}" stroke="${c.p.outline}" stroke-width="2"/>`
  );
}

function cap(c: DrawContext): string {
  const dome = 'M170 372 C166 230 220 160 300 160 C380 160 434 230 430 372 Z';
  let out = '';
  out += `<path d="M300 162 C292 132 312 112 322 124 C330 134 314 150 300 162 Z" fill="${c.p.accent}" stroke="${c.p.outline}" stroke-width="2.5"/>`;
  out += cloth(c, dome);
  if (c.back) {
    out += crease(c, 'M300 162 L300 368');
    out += crease(c, 'M300 162 C250 210 232 290 236 368');
    out += crease(c, 'M300 162 C350 210 368 290 364 368');
  } else {
    out += crease(c, 'M300 162 C262 220 250 290 252 368', 2);
    out += crease(c, 'M300 162 C338 220 350 290 348 368', 2);
  }
  const rim = 'M156 356 C240 340 360 340 444 356 L446 420 C360 404 240 404 154 420 Z';
  out += cloth(c, rim, 'light');
  for (let x = 172; x <= 428; x += 16) {
    out += crease(
      c,
      `M${x} ${356 - (x > 300 ? 428 - x : x - 172) * 0.05} L${x} ${418 - (x > 300 ? 428 - x : x - 172) * 0.1}`,
      2,
    );
  }
  out += trim(c, 'M154 420 C240 404 360 404 446 420', 6);
  if (!c.back) {
    out += `<g transform="translate(372 300) rotate(12)">${cottonBoll(c, 0.7)}</g>`;
  }
  return out;
}

function mitten(c: DrawContext, thumbOnLeft: boolean): string {
  const hand = 'M-58 60 L-60 -40 C-62 -130 62 -130 60 -40 L58 60 Z';
  const thumb = thumbOnLeft
    ? 'M-56 10 C-92 4 -104 -44 -80 -58 C-66 -66 -56 -50 -58 -30 Z'
    : 'M56 10 C92 4 104 -44 80 -58 C66 -66 56 -50 58 -30 Z';
  let out = cloth(c, thumb);
  out += cloth(c, hand);
  out += stitch(c, 'M-46 40 L-48 -40 C-50 -112 50 -112 48 -40 L46 40');
  out += cloth(c, 'M-64 56 L64 56 L66 112 L-66 112 Z', 'light');
  for (let x = -52; x <= 52; x += 13) {
    out += crease(c, `M${x} 62 L${x} 106`, 2);
  }
  out += trim(c, 'M-66 112 L66 112', 6);
  out += bow(c, 0, 70, 0.55);
  return out;
}

function mittens(c: DrawContext): string {
  const leftTurn = c.back ? 8 : -10;
  const rightTurn = c.back ? -8 : 10;
  return (
    group(`translate(198 300) rotate(${leftTurn}) scale(1.15)`, mitten(c, true)) +
    group(`translate(402 300) rotate(${rightTurn}) scale(1.15)`, mitten(c, false))
  );
}

// --- Flat goods ---------------------------------------------------------------

function blanketFolded(c: DrawContext): string {
  let out = '';
  out += cloth(
    c,
    'M150 228 L470 228 Q484 228 484 242 L484 424 Q484 438 470 438 L150 438 Q136 438 136 424 L136 242 Q136 228 150 228 Z',
    'dark',
  );
  out += cloth(
    c,
    'M140 208 L460 208 Q474 208 474 222 L474 404 Q474 418 460 418 L140 418 Q126 418 126 404 L126 222 Q126 208 140 208 Z',
    'light',
  );
  const topLayer =
    'M132 186 L452 186 Q466 186 466 200 L466 384 Q466 398 452 398 L132 398 Q118 398 118 384 L118 200 Q118 186 132 186 Z';
  out += cloth(c, topLayer);
  out += `<clipPath id="${c.id}-quilt"><path d="${topLayer}"/></clipPath>`;
  let quilt = '';
  for (let k = -4; k <= 8; k += 1) {
    quilt += `M${118 + k * 48} 186 L${118 + k * 48 + 212} 398 M${118 + k * 48} 398 L${118 + k * 48 + 212} 186 `;
  }
  out += `<g clip-path="url(#${c.id}-quilt)"><path d="${quilt}" stroke="${c.p.outline}" stroke-width="2" opacity="0.18"/></g>`;
  out += stitch(c, 'M138 204 L446 204 L446 380 L138 380 Z', 3);
  out += trim(c, 'M118 200 Q118 186 132 186 L452 186 Q466 186 466 200', 6);
  // A ribbon band, the way a gift blanket leaves the workshop.
  out += `<rect x="330" y="182" width="34" height="222" fill="${c.p.accent}" stroke="${c.p.outline}" stroke-width="2.5"/>`;
  out += bow(c, 347, 260, 1.2);
  return out;
}

function blanketOpen(c: DrawContext): string {
  const sheet = 'M110 130 L490 130 L490 470 L110 470 Z';
  let out = cloth(c, sheet);
  out += `<clipPath id="${c.id}-quilt"><path d="${sheet}"/></clipPath>`;
  let quilt = '';
  for (let k = -6; k <= 8; k += 1) {
    quilt += `M${110 + k * 50} 130 L${110 + k * 50 + 340} 470 M${110 + k * 50} 470 L${110 + k * 50 + 340} 130 `;
  }
  out += `<g clip-path="url(#${c.id}-quilt)"><path d="${quilt}" stroke="${c.p.outline}" stroke-width="2" opacity="0.2"/></g>`;
  out += trim(c, sheet, 12);
  out += stitch(c, 'M132 152 L468 152 L468 448 L132 448 Z', 3);
  // The turned-down corner shows the reverse, a plain lining in the lighter tone.
  out += cloth(c, 'M490 340 L490 470 L360 470 C410 440 450 400 490 340 Z', 'light');
  out += cloth(c, 'M490 340 L360 470 L420 400 Z', 'light');
  return out;
}

function blanket(c: DrawContext): string {
  return c.back ? blanketOpen(c) : blanketFolded(c);
}

/** A soft edge for muslin, which never lies perfectly straight. */
function wavy(points: [number, number][]): string {
  const first = points[0];
  if (!first) return '';
  let d = `M${num(first[0])} ${num(first[1])}`;
  for (let i = 1; i <= points.length; i += 1) {
    const a = points[i - 1];
    const b = points[i % points.length];
    if (!a || !b) continue;
    const mx = (a[0] + b[0]) / 2;
    const my = (a[1] + b[1]) / 2;
    const nx = -(b[1] - a[1]) * 0.06;
    const ny = (b[0] - a[0]) * 0.06;
    d += ` Q${num(mx + nx)} ${num(my + ny)} ${num(b[0])} ${num(b[1])}`;
  }
  return `${d} Z`;
}

function swaddle(c: DrawContext): string {
  if (c.back) {
    // A stack of three folded swaddles, fanned like a gift pack.
    let out = '';
    const tones: Tone[] = ['light', 'dark', 'main'];
    tones.forEach((tone, i) => {
      const sq = wavy([
        [170, 200],
        [430, 200],
        [430, 410],
        [170, 410],
      ]);
      out += group(
        `rotate(${-12 + i * 9} 300 305) translate(${(i - 1) * 16} ${(i - 1) * -14})`,
        cloth(c, sq, tone) + stitch(c, 'M186 216 L414 216 L414 394 L186 394 Z', 2.5),
      );
    });
    out += trim(c, 'M180 262 C260 276 340 276 420 262', 5);
    return out;
  }
  const square = wavy([
    [300, 92],
    [508, 300],
    [300, 508],
    [92, 300],
  ]);
  let out = cloth(c, square);
  out += stitch(c, 'M300 116 L484 300 L300 484 L116 300 Z', 3);
  // The classic first fold of swaddling: the top corner brought down to the middle.
  out += cloth(c, 'M196 196 Q300 204 404 196 Q360 256 300 304 Q240 256 196 196 Z', 'light');
  out += trim(c, 'M196 196 Q300 204 404 196', 6);
  out += crease(c, 'M220 360 C260 340 340 340 380 360');
  out += crease(c, 'M250 420 C280 404 320 404 350 420');
  return out;
}

function pillow(c: DrawContext): string {
  const body =
    'M140 200 C220 184 380 184 460 200 C476 260 476 340 460 400 C380 416 220 416 140 400 C124 340 124 260 140 200 Z';
  let out = cloth(c, body);
  out += trim(c, body, 8);
  out += stitch(
    c,
    'M160 220 C230 206 370 206 440 220 C454 270 454 330 440 380 C370 394 230 394 160 380 C146 330 146 270 160 220 Z',
  );
  out += crease(c, 'M140 200 L172 222');
  out += crease(c, 'M460 200 L428 222');
  out += crease(c, 'M140 400 L172 378');
  out += crease(c, 'M460 400 L428 378');
  if (c.back) {
    // The envelope back: an overlap instead of a zip near a baby's face.
    out += cloth(
      c,
      'M131 300 C220 290 380 290 469 300 C474 340 470 370 460 400 C380 416 220 416 140 400 C130 370 126 340 131 300 Z',
    );
    out += trim(c, 'M131 300 C220 290 380 290 469 300', 6);
  } else {
    out += `<g transform="translate(300 306)">${cottonBoll(c, 1.2)}</g>`;
  }
  return out;
}

function sheetOnMattress(c: DrawContext): string {
  let out = '';
  // The mattress under the sheet, in a neutral cotton tone drawn from the accent.
  out += `<path d="M98 300 L236 400 L236 430 L98 330 Z M236 400 L512 300 L512 330 L236 430 Z" fill="${tint(c.p.accent, 0.7)}" stroke="${c.p.outline}" stroke-width="3" stroke-linejoin="round"/>`;
  const topFace = 'M98 262 L372 184 L512 262 L236 362 Z';
  const sides =
    'M98 262 L236 362 L236 408 C200 386 140 344 98 318 Z M236 362 L512 262 L512 312 C430 342 300 390 236 408 Z';
  out += cloth(c, sides, 'dark');
  out += cloth(c, topFace);
  out += trim(c, 'M98 318 C140 344 200 386 236 408 C300 390 430 342 512 312', 5);
  // Gathered elastic at the corners: what makes it a fitted sheet.
  out += crease(c, 'M226 400 L232 388 M238 402 L244 390 M222 396 L226 384');
  out += crease(c, 'M500 312 L504 300 M490 316 L494 304');
  out += crease(c, 'M108 322 L112 310 M118 328 L122 316');
  out += stitch(c, 'M124 264 L372 196 L486 262 L238 348 Z', 2.5);
  return out;
}

function sheetFolded(c: DrawContext): string {
  let out = '';
  for (let i = 3; i >= 0; i -= 1) {
    const y = 200 + i * 40;
    out += cloth(
      c,
      `M150 ${y} L450 ${y} Q470 ${y} 470 ${y + 20} L470 ${y + 50} Q470 ${y + 70} 450 ${y + 70} L150 ${y + 70} Q130 ${y + 70} 130 ${y + 50} L130 ${y + 20} Q130 ${y} 150 ${y} Z`,
      i % 2 === 0 ? 'main' : 'light',
    );
  }
  out += `<rect x="258" y="190" width="84" height="290" fill="${c.p.accent}" stroke="${c.p.outline}" stroke-width="2.5"/>`;
  out += `<rect x="270" y="290" width="60" height="60" rx="30" fill="${tint(c.p.accent, 0.6)}" stroke="${c.p.outline}" stroke-width="2"/>`;
  out += `<g transform="translate(300 326)">${cottonBoll(c, 0.6)}</g>`;
  return out;
}

function sheet(c: DrawContext): string {
  return c.back ? sheetFolded(c) : sheetOnMattress(c);
}

type Drawer = (c: DrawContext) => string;

interface GarmentSpec {
  draw: Drawer;
  /** Where a close-up (variant 2) zooms in: the detail that sells the piece. */
  focus: [number, number];
}

const GARMENTS: Record<GarmentKind, GarmentSpec> = {
  onesie: { draw: onesie, focus: [300, 420] },
  jhabla: { draw: jhabla, focus: [390, 300] },
  top: { draw: top, focus: [300, 190] },
  frock: { draw: frock, focus: [300, 220] },
  'pyjama-set': { draw: pyjamaSet, focus: [250, 210] },
  shorts: { draw: shorts, focus: [300, 240] },
  pants: { draw: pants, focus: [300, 180] },
  blanket: { draw: blanket, focus: [360, 290] },
  swaddle: { draw: swaddle, focus: [300, 260] },
  bib: { draw: bib, focus: [300, 380] },
  cap: { draw: cap, focus: [320, 340] },
  mittens: { draw: mittens, focus: [200, 360] },
  romper: { draw: romper, focus: [300, 230] },
  'co-ord': { draw: coOrd, focus: [300, 150] },
  'sleeping-bag': { draw: sleepingBag, focus: [320, 200] },
  pillow: { draw: pillow, focus: [400, 260] },
  sheet: { draw: sheet, focus: [300, 320] },
};

export const GARMENT_KINDS = Object.keys(GARMENTS) as GarmentKind[];

export function drawGarment(kind: GarmentKind, c: DrawContext): string {
  return GARMENTS[kind].draw(c);
}

export function garmentFocus(kind: GarmentKind): [number, number] {
  return GARMENTS[kind].focus;
}
