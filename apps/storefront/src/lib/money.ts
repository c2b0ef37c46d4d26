const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const exact = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Formats an amount in rupees the Indian way: whole rupees without decimals (150000 → "₹1,50,000"),
 * and amounts with paise to two places (1299.5 → "₹1,299.50"), as prices are written.
 */
export function formatRupees(amount: number): string {
  const paise = Math.round(amount * 100);
  return paise % 100 === 0 ? whole.format(paise / 100) : exact.format(paise / 100);
}
