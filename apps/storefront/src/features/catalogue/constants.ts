/** Time each home banner stays before the next slides in (product.md §9). */
export const BANNER_AUTOPLAY_MS = 4000;

/** The fixed "starting at" price printed on every home ad tile, in rupees (product.md §2, §9). */
export const AD_STARTING_PRICE_RUPEES = 1500;
