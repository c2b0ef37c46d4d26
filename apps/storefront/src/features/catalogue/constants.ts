/** Time each home banner stays before the next slides in (spec §9). */
export const BANNER_AUTOPLAY_MS = 4000;

/** The fixed "starting at" price printed on every home ad tile, in rupees (spec §2, §9). */
export const AD_STARTING_PRICE_RUPEES = 1500;
