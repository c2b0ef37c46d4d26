const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/** Formats an amount in rupees the Indian way: 150000 → "₹1,50,000", 1299.5 → "₹1,299.5". */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}
