/** The demo shop's catalogue: ten categories, their subcategories and every product. */
import { accessoriesAndBeddingProducts } from './products-accessories-bedding';
import { bottomsAndDressesProducts } from './products-bottoms-dresses';
import { newbornAndTopsProducts } from './products-newborn-tops';
import { rompersAndSleepProducts } from './products-rompers-sleep';
import { setsAndSwaddlesProducts } from './products-sets-swaddles';
import type { SeedCategory, SeedProduct } from './types';

/** Order matters: the footer's Quick Links show the seventh to ninth categories. */
export const categories: SeedCategory[] = [
  {
    slug: 'newborn-essentials',
    name: 'Newborn Essentials',
    hsn: '6111',
    returnRule: {
      kind: 'exchange_only',
      reason:
        'Newborn jhablas and bodysuits are worn next to the skin, so for hygiene they are exchanged for another size, not returned.',
    },
    garment: 'jhabla',
    colors: ['#e3a72f', '#f4ede1'],
    subcategories: [
      { slug: 'newborn-jhablas', name: 'Jhablas' },
      { slug: 'newborn-bodysuits', name: 'Newborn Bodysuits' },
      { slug: 'newborn-gift-sets', name: 'Gift Sets' },
    ],
  },
  {
    slug: 'jhablas-tops',
    name: 'Jhablas & Tops',
    hsn: '6209',
    garment: 'top',
    colors: ['#c4673f', '#f4ede1'],
    subcategories: [
      { slug: 'wrap-tops', name: 'Wrap Tops' },
      { slug: 'kurtas', name: 'Kurtas' },
      { slug: 'tees', name: 'T-Shirts' },
    ],
  },
  {
    slug: 'rompers-onesies',
    name: 'Rompers & Onesies',
    hsn: '6111',
    garment: 'romper',
    colors: ['#9caf88', '#c4673f'],
    subcategories: [
      { slug: 'sleeveless-rompers', name: 'Sleeveless Rompers' },
      { slug: 'full-sleeve-onesies', name: 'Full-Sleeve Onesies' },
      { slug: 'dungarees', name: 'Dungarees' },
    ],
  },
  {
    slug: 'sleepwear',
    name: 'Sleepwear',
    hsn: '6111',
    garment: 'pyjama-set',
    colors: ['#5b7db1', '#f4ede1'],
    subcategories: [
      { slug: 'night-suits', name: 'Night Suits' },
      { slug: 'sleeping-bags', name: 'Sleeping Bags' },
      { slug: 'sleepsuits', name: 'Sleepsuits' },
    ],
  },
  {
    slug: 'bottoms',
    name: 'Bottoms',
    hsn: '6111',
    garment: 'pants',
    colors: ['#b7562a', '#ede3cf'],
    subcategories: [
      { slug: 'harem-pants', name: 'Harem Pants' },
      { slug: 'shorts', name: 'Shorts' },
      { slug: 'joggers', name: 'Joggers' },
      { slug: 'leggings', name: 'Leggings' },
    ],
  },
  {
    slug: 'dresses-frocks',
    name: 'Dresses & Frocks',
    hsn: '6209',
    garment: 'frock',
    colors: ['#d89a9e', '#f4ede1'],
    subcategories: [
      { slug: 'frocks', name: 'Frocks' },
      { slug: 'smocked-dresses', name: 'Smocked Dresses' },
      { slug: 'pinafores', name: 'Pinafores' },
    ],
  },
  {
    slug: 'sets-co-ords',
    name: 'Sets & Co-ords',
    hsn: '6111',
    garment: 'co-ord',
    colors: ['#d4a236', '#2f4a7a'],
    subcategories: [
      { slug: 'kurta-pyjama-sets', name: 'Kurta Pyjama Sets' },
      { slug: 'co-ord-sets', name: 'Co-ord Sets' },
      { slug: 'top-shorts-sets', name: 'Top & Shorts Sets' },
    ],
  },
  {
    slug: 'swaddles-blankets',
    name: 'Swaddles & Blankets',
    hsn: '6301',
    garment: 'swaddle',
    colors: ['#a8c3b0', '#f4ede1'],
    subcategories: [
      { slug: 'muslin-swaddles', name: 'Muslin Swaddles' },
      { slug: 'dohars', name: 'Dohars & Blankets' },
      { slug: 'quilts', name: 'Quilts' },
    ],
  },
  {
    slug: 'bibs-accessories',
    name: 'Bibs & Accessories',
    hsn: '6209',
    returnRule: {
      kind: 'exchange_only',
      reason: 'Bibs and burp cloths go near a baby’s mouth, so for hygiene they are exchanged, not returned.',
    },
    garment: 'bib',
    colors: ['#e7a1b0', '#7d8b4e'],
    subcategories: [
      { slug: 'bibs', name: 'Bibs' },
      { slug: 'caps-mittens', name: 'Caps & Mittens' },
      { slug: 'burp-cloths', name: 'Burp Cloths' },
    ],
  },
  {
    slug: 'bedding',
    name: 'Bedding',
    hsn: '6302',
    garment: 'pillow',
    colors: ['#9ec5e0', '#f4ede1'],
    subcategories: [
      { slug: 'cot-sheets', name: 'Cot Sheets' },
      { slug: 'pillows', name: 'Pillows' },
      { slug: 'bedding-sets', name: 'Cot Bedding Sets' },
    ],
  },
];

export const products: SeedProduct[] = [
  ...newbornAndTopsProducts,
  ...rompersAndSleepProducts,
  ...bottomsAndDressesProducts,
  ...setsAndSwaddlesProducts,
  ...accessoriesAndBeddingProducts,
];

/** Chosen by hand: the pieces a real shop of this kind sells most (basics, swaddles, festive sets). */
export const bestSellingSlugs: string[] = [
  'mulmul-jhabla-haldi-yellow',
  'muslin-swaddle-pack-of-3-sage-ivory-peach',
  'striped-kurta-pyjama-set-indigo',
  'sleeveless-romper-mustard-checks',
  'harem-pants-indigo-dabu',
  'tiered-frock-haldi-block-print',
  'quilted-sleeping-bag-sage',
  'bandana-bib-haldi-yellow',
];

/**
 * The eight most recently added products, derived rather than listed so the
 * home page's "New Arrivals" always agrees with the listing's newest-first sort.
 */
export const newArrivalSlugs: string[] = [...products]
  .sort((a, b) => a.addedDaysAgo - b.addedDaysAgo || a.slug.localeCompare(b.slug))
  .slice(0, 8)
  .map((p) => p.slug);
