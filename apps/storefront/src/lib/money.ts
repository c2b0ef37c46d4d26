/**
 * Prices as shoppers read them, from the one rupee formatter in the contract: whole rupees without decimals
 * (150000 → "₹1,50,000"), amounts with paise to two places (1299.5 → "₹1,299.50").
 */
export { formatRupees } from '@kapaas/contract';
