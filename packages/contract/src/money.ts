/**
 * The one rupee formatter, for the API, its mails and PDFs, and both browser apps: Indian digit grouping
 * (₹12,34,567.50), amounts rounded to the paisa first so that 0.1 + 0.2 never prints as ₹0.30000000000000004, and
 * never a minus zero. It writes exactly Intl's en-IN rupees (a property test holds the two equal), but the default
 * path does it without Intl: the first `Intl.NumberFormat` a page makes loads ICU's locale data, 7–15 ms of the
 * storefront's first script task on a phone-speed CPU (50–107 ms at 7× throttling), which every public page paid in
 * its module evaluation (ADR 031, fifth pass). The other ways to show paise are Intl formats, made when first named.
 */

/** A value made when first asked for, then kept. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const whole = once(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }),
);
// Intl's own default for rupees: two places, always.
const twoPlaces = once(() => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }));
const trimmed = once(
  () =>
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }),
);

/**
 * The ways to show paise other than the default (₹1,499 for whole rupees, ₹1,299.50 otherwise, as prices, mails and
 * messages write amounts):
 * - `always`, as tax invoices and credit notes print figures: ₹1,499.00;
 * - `trimmed`, as the console's tables write amounts: ₹1,499, ₹1,299.5, ₹1,299.05.
 */
export const paiseShown = {
  get always(): Intl.NumberFormat {
    return twoPlaces();
  },
  get trimmed(): Intl.NumberFormat {
    return trimmed();
  },
};

/** One of {@link paiseShown}. */
export type PaiseShown = Intl.NumberFormat;

/** Below this many paise (10,00,00,00,00,000 rupees) the digits are grouped here; Intl writes larger amounts. */
const GROUPED_HERE = 10 ** 15;

/**
 * A whole number with Indian digit grouping, as en-IN writes it: the last three digits, then pairs (1234567 →
 * "12,34,567"; -1500 → "-1,500"). Numbers that are not safe integers are Intl's to write.
 */
export function groupIndian(count: number): string {
  if (!Number.isSafeInteger(count)) return new Intl.NumberFormat('en-IN').format(count);
  const digits = String(Math.abs(count));
  const sign = count < 0 ? '-' : '';
  if (digits.length <= 3) return `${sign}${digits}`;
  const head = digits.slice(0, -3);
  // The digits before the last three in pairs, from the right; an odd count leaves one digit in front.
  const pairs = head.length % 2 === 1 ? [head.slice(0, 1)] : [];
  for (let at = head.length % 2; at < head.length; at += 2) pairs.push(head.slice(at, at + 2));
  return `${sign}${pairs.join(',')},${digits.slice(-3)}`;
}

/** An amount in rupees (the contract's unit), rounded to the paisa: 150000 → "₹1,50,000", 1299.5 → "₹1,299.50". */
export function formatRupees(rupees: number, shown?: PaiseShown): string {
  // `|| 0` turns a minus zero (a refund of -0.001, say) into zero, which Intl would write "-₹0".
  const amount = Math.round(rupees * 100) / 100 || 0;
  if (shown) return shown.format(amount);
  const paise = Math.round(Math.abs(amount) * 100);
  if (!(paise < GROUPED_HERE)) return (amount % 1 ? twoPlaces() : whole()).format(amount);
  const sign = amount < 0 ? '-' : '';
  const rupeesPart = groupIndian(Math.floor(paise / 100));
  const rest = paise % 100;
  return rest === 0 ? `${sign}₹${rupeesPart}` : `${sign}₹${rupeesPart}.${String(rest).padStart(2, '0')}`;
}

/** An amount in integer paise, as {@link formatRupees} writes rupees: 149950 → "₹1,499.50"; -100 → "-₹1". */
export function formatPaise(paise: number, shown?: PaiseShown): string {
  return formatRupees(paise / 100, shown);
}
