/**
 * The words a generated catalogue is made of: the demo shop's colours, prints, cloths and
 * garments, so that names like "Indigo Elephant Print Mulmul Romper" give search real words.
 */
import { WASH } from './data/helpers';
import type { PatternName } from './data/types';

export const COLOURS = [
  'Indigo',
  'Haldi Yellow',
  'Sage',
  'Peach',
  'Madder Red',
  'Terracotta',
  'Mustard',
  'Ivory',
  'Blush',
  'Lavender',
  'Mint',
  'Sky Blue',
  'Olive',
  'Rust',
  'Marigold',
  'Lotus Pink',
  'Neem Green',
  'Clay',
  'Oat',
  'Dusty Rose',
  'Kesar Orange',
] as const;

/** A print's words in a name, and the shop's pattern it belongs to. An empty word is a plain cloth. */
export const PRINTS: readonly { words: string; pattern: PatternName }[] = [
  { words: '', pattern: 'Solid' },
  { words: '', pattern: 'Solid' },
  { words: 'Elephant Print', pattern: 'Animal Print' },
  { words: 'Bunny Print', pattern: 'Animal Print' },
  { words: 'Tiger Print', pattern: 'Animal Print' },
  { words: 'Duck Print', pattern: 'Animal Print' },
  { words: 'Safari Animals', pattern: 'Animal Print' },
  { words: 'Buti', pattern: 'Block Print' },
  { words: 'Dabu Print', pattern: 'Block Print' },
  { words: 'Ajrakh Print', pattern: 'Block Print' },
  { words: 'Floral', pattern: 'Floral' },
  { words: 'Lotus Floral', pattern: 'Floral' },
  { words: 'Pomegranate Floral', pattern: 'Floral' },
  { words: 'Striped', pattern: 'Stripes' },
  { words: 'Pinstripe', pattern: 'Stripes' },
  { words: 'Checked', pattern: 'Checks' },
  { words: 'Gingham', pattern: 'Checks' },
  { words: 'Polka Dot', pattern: 'Polka Dots' },
];

export type WashKind = keyof typeof WASH;

/** A cloth: its word in a name, its fabric facts, and the care label it shares with the demo shop. */
export const FABRICS: readonly { word: string; detail: string; wash: WashKind }[] = [
  { word: 'Mulmul', detail: '100% GOTS certified organic cotton mulmul, 70 GSM', wash: 'mulmul' },
  { word: 'Muslin', detail: 'Double-layer organic cotton muslin, 110 GSM', wash: 'muslin' },
  { word: 'Interlock', detail: '100% GOTS certified organic cotton interlock, 190 GSM', wash: 'knit' },
  { word: 'Jersey', detail: 'Organic cotton single jersey with a little stretch, 160 GSM', wash: 'knit' },
  { word: 'Cambric', detail: '100% organic cotton cambric, 110 GSM', wash: 'woven' },
  { word: 'Khadi', detail: 'Handspun, handwoven organic khadi cotton, 130 GSM', wash: 'woven' },
  { word: 'Percale', detail: 'Organic cotton percale, 200 thread count', wash: 'bedding' },
  { word: 'Quilted', detail: 'Two layers of organic cotton with a soft cotton fill, hand-quilted', wash: 'quilted' },
];

/** The garments a subcategory sells, by the demo shop's subcategory slugs. */
export const GARMENTS: Readonly<Record<string, readonly string[]>> = {
  'newborn-jhablas': ['Jhabla', 'Wrap Jhabla', 'Sleeveless Jhabla'],
  'newborn-bodysuits': ['Bodysuit', 'Envelope-Neck Bodysuit', 'Short-Sleeve Bodysuit'],
  'newborn-gift-sets': ['Gift Set', 'Welcome Box', 'Jhabla Set'],
  'wrap-tops': ['Wrap Top', 'Angrakha Top', 'Kimono Top'],
  kurtas: ['Kurta', 'Mandarin Collar Kurta'],
  tees: ['Tee', 'Henley Tee'],
  'sleeveless-rompers': ['Romper', 'Frill Strap Romper', 'Sleeveless Romper'],
  'full-sleeve-onesies': ['Onesie', 'Full-Sleeve Onesie', 'Kimono Onesie'],
  dungarees: ['Dungaree'],
  'night-suits': ['Night Suit', 'Pyjama Set'],
  'sleeping-bags': ['Sleeping Bag'],
  sleepsuits: ['Sleepsuit', 'Zip Sleepsuit'],
  'harem-pants': ['Harem Pants'],
  shorts: ['Shorts', 'Bloomers', 'Bloomer Shorts'],
  joggers: ['Joggers'],
  leggings: ['Leggings'],
  frocks: ['Frock', 'Tiered Frock', 'Anarkali Frock'],
  'smocked-dresses': ['Smocked Dress'],
  pinafores: ['Pinafore'],
  'kurta-pyjama-sets': ['Kurta Pyjama Set'],
  'co-ord-sets': ['Co-ord Set'],
  'top-shorts-sets': ['Top & Shorts Set', 'Tee & Shorts Set'],
  'muslin-swaddles': ['Swaddle', 'Swaddle Pack of 3'],
  dohars: ['Dohar', 'Blanket'],
  quilts: ['Quilt', 'Kantha Quilt'],
  bibs: ['Bib', 'Bandana Bib'],
  'caps-mittens': ['Cap', 'Mittens', 'Cap & Mittens Set'],
  'burp-cloths': ['Burp Cloth'],
  'cot-sheets': ['Cot Sheet', 'Fitted Cot Sheet'],
  pillows: ['Pillow', 'Rai Pillow'],
  'bedding-sets': ['Cot Bedding Set'],
};

/** Sentences a description is built from; `{garment}`, `{colour}` and `{print}` are filled in. */
export const DESCRIPTION_OPENERS = [
  'A soft, breathable {garment} in {colour}, cut roomy so little ones can wriggle, crawl and nap in it.',
  'Our {garment} in {colour} is made for long, warm days and the nights that follow them.',
  'An everyday {garment} in {colour} that gets softer with every wash.',
  'A gentle {garment} in {colour}, sewn with flat seams that never rub against new skin.',
  'The {garment} parents ask us to restock: light, easy to put on, and in {colour} this season.',
] as const;

export const PRINT_SENTENCES = [
  'The {print} is printed by hand in Jaipur with natural, azo-free dyes.',
  'Its {print} comes from a family of printers who have worked the same blocks for three generations.',
  'The {print} is small and even, so it looks as good folded on a shelf as it does on a baby.',
] as const;

export const PLAIN_SENTENCES = [
  'Left plain on purpose, it goes with everything else in the drawer.',
  'A solid colour, dyed with low-impact dyes that are kind to skin and rivers.',
] as const;

export const DESCRIPTION_CLOSERS = [
  'A favourite for gifting.',
  'Pairs well with our other pieces in the same colour.',
  'Sized generously, so it lasts a little longer.',
  'Made in a fair-wage workshop in Tiruppur.',
] as const;

export const CLOSURE_DETAILS = [
  'Snap buttons along the front for quick changes',
  'Coconut-shell buttons at the shoulder',
  'Soft elasticated waist with a covered band',
  'Side ties instead of buttons, nothing hard against the skin',
  'Envelope neck that slips easily over the head',
] as const;

export const FIT_DETAILS = [
  'Relaxed fit; order your usual size',
  'Regular fit with room for a nappy',
  'Generous fit; size down for a closer look',
] as const;

export const DYE_DETAILS = [
  'Printed with water-based, GOTS approved inks',
  'Dyed with low-impact, azo-free dyes',
  'Natural dyes; every piece varies slightly',
] as const;

export { WASH };
