/** Paise to rupees as the API shows them: a JSON number (1299, 1299.5). */
export const paiseToRupees = (paise: number): number => paise / 100;

/** Rupees to integer paise, rounded to the nearest paisa. */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);
