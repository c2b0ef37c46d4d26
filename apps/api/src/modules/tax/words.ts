/**
 * Rupee amounts as an Indian tax invoice prints them (ADR 032): figures in the Indian grouping (₹12,34,567.50) and
 * the amount in words (Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Fifty Paise Only).
 * Both work in integer paise, so that 0.1 + 0.2 never prints as ₹0.30000000000000004; the figures come from the one
 * rupee formatter in the contract, which refuses nothing, so this file refuses what is not an amount.
 */

import { formatPaise, paiseShown } from '@kapaas/contract';

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** Rupees to integer paise; refuses what is not a finite amount, or too large to count in paise exactly. */
function toPaise(rupees: number): number {
  const paise = Math.round(rupees * 100);
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not an amount of rupees: ${rupees}`);
  return paise;
}

/** `₹12,34,567.50`: the Indian digit grouping, always two decimals, a leading minus when negative. */
export function formatIndianRupees(rupees: number): string {
  return formatPaise(toPaise(rupees), paiseShown.always);
}

/** 0–99 in words: "Seven", "Nineteen", "Thirty-Four". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] as string;
  const ones = n % 10;
  const tens = TENS[Math.floor(n / 10)] as string;
  return ones === 0 ? tens : `${tens}-${ONES[ones]}`;
}

/** 1–999 in words, without "and": "Five Hundred Sixty-Seven". */
function belowThousand(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  if (hundreds > 0) words.push(ONES[hundreds] as string, 'Hundred');
  if (n % 100 > 0) words.push(belowHundred(n % 100));
  return words;
}

/**
 * A positive whole number in the Indian system: crore (10^7), lakh (10^5), thousand, hundred. Beyond 99 crore the
 * crores are counted in words themselves ("One Thousand Crore").
 */
function indianWords(n: number): string[] {
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor(n / 100_000) % 100;
  const thousand = Math.floor(n / 1_000) % 100;
  const rest = n % 1_000;
  const words: string[] = [];
  if (crore > 0) words.push(...indianWords(crore), 'Crore');
  if (lakh > 0) words.push(belowHundred(lakh), 'Lakh');
  if (thousand > 0) words.push(belowHundred(thousand), 'Thousand');
  if (rest > 0) words.push(...belowThousand(rest));
  return words;
}

/**
 * The amount in words as an invoice prints it: "Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and
 * Fifty Paise Only", "Rupees Zero Only", "Rupees One and One Paisa Only". The paise only when there are some; a
 * negative amount starts with "Minus".
 */
export function amountInWords(rupees: number): string {
  const paise = toPaise(rupees);
  const abs = Math.abs(paise);
  const whole = Math.floor(abs / 100);
  const fraction = abs % 100;
  const words = [paise < 0 ? 'Minus' : '', 'Rupees', whole === 0 ? 'Zero' : indianWords(whole).join(' ')];
  if (fraction > 0) words.push('and', belowHundred(fraction), fraction === 1 ? 'Paisa' : 'Paise');
  words.push('Only');
  return words.filter((word) => word !== '').join(' ');
}
