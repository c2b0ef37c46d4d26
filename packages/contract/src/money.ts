/**
 * The one rupee formatter, for the API, its mails and PDFs, and both browser apps: Indian digit grouping
 * (₹12,34,567.50), amounts rounded to the paisa first so that 0.1 + 0.2 never prints as ₹0.30000000000000004, and
 * never a minus zero. It is Intl's en-IN rupees; the storefront's product page sits at its JavaScript ceiling, so the
 * default path stays as small as the formatter it replaced, and the other ways to show paise are formats a caller
 * passes, which a bundle that never names them leaves out.
 */

const whole = /* @__PURE__ */ new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
// Intl's own default for rupees: two places, always.
const twoPlaces = /* @__PURE__ */ new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/**
 * The ways to show paise other than the default (₹1,499 for whole rupees, ₹1,299.50 otherwise, as prices, mails and
 * messages write amounts):
 * - `always`, as tax invoices and credit notes print figures: ₹1,499.00;
 * - `trimmed`, as the console's tables write amounts: ₹1,499, ₹1,299.5, ₹1,299.05.
 */
export const paiseShown = {
  always: twoPlaces,
  trimmed: /* @__PURE__ */ new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }),
} as const;

/** One of {@link paiseShown}. */
export type PaiseShown = (typeof paiseShown)[keyof typeof paiseShown];

/** An amount in rupees (the contract's unit), rounded to the paisa: 150000 → "₹1,50,000", 1299.5 → "₹1,299.50". */
export function formatRupees(rupees: number, shown?: PaiseShown): string {
  // `|| 0` turns a minus zero (a refund of -0.001, say) into zero, which Intl would write "-₹0".
  const amount = Math.round(rupees * 100) / 100 || 0;
  return (shown ?? (amount % 1 ? twoPlaces : whole)).format(amount);
}

/** An amount in integer paise, as {@link formatRupees} writes rupees: 149950 → "₹1,499.50"; -100 → "-₹1". */
export function formatPaise(paise: number, shown?: PaiseShown): string {
  return formatRupees(paise / 100, shown);
}
