import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords, formatIndianRupees } from './words';

/** Up to ₹99,99,99,999.99, in paise. */
const paiseUpTo99Crore = fc.integer({ min: 0, max: 99_99_99_999_99 });

const SMALL: Record<string, number> = Object.fromEntries(
  [
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
  ].map((word, value) => [word, value]),
);
const TENS: Record<string, number> = {
  Twenty: 20,
  Thirty: 30,
  Forty: 40,
  Fifty: 50,
  Sixty: 60,
  Seventy: 70,
  Eighty: 80,
  Ninety: 90,
};

/** Reads Indian number words back ("Twelve Lakh Thirty-Four Thousand…"): an independent check of the words. */
function readNumber(words: string[]): number {
  let total = 0;
  let current = 0;
  for (const word of words) {
    if (word === 'Hundred') current *= 100;
    else if (word === 'Thousand' || word === 'Lakh') {
      total += current * (word === 'Lakh' ? 100_000 : 1_000);
      current = 0;
    } else if (word === 'Crore') {
      total = (total + current) * 10_000_000;
      current = 0;
    } else {
      const [tens = '', ones] = word.split('-');
      const value = ones === undefined ? (TENS[tens] ?? SMALL[tens]) : (TENS[tens] ?? Number.NaN) + (SMALL[ones] ?? 0);
      if (value === undefined || Number.isNaN(value)) throw new Error(`Not a number word: ${word}`);
      current += value;
    }
  }
  return total + current;
}

/** "Rupees … and … Paise Only" back to paise. */
function readAmount(text: string): number {
  const match = /^Rupees (.+?)(?: and (.+) Paisa| and (.+) Paise)? Only$/.exec(text);
  if (!match) throw new Error(`Not an amount in words: ${text}`);
  const paise = match[2] ?? match[3];
  return readNumber((match[1] as string).split(' ')) * 100 + (paise ? readNumber(paise.split(' ')) : 0);
}

describe('formatIndianRupees', () => {
  it('groups the last three digits, then pairs, with two decimals', () => {
    expect(formatIndianRupees(1234567.5)).toBe('₹12,34,567.50');
    expect(formatIndianRupees(0)).toBe('₹0.00');
    expect(formatIndianRupees(0.5)).toBe('₹0.50');
    expect(formatIndianRupees(999)).toBe('₹999.00');
    expect(formatIndianRupees(1000)).toBe('₹1,000.00');
    expect(formatIndianRupees(100000)).toBe('₹1,00,000.00');
    expect(formatIndianRupees(10000000)).toBe('₹1,00,00,000.00');
    expect(formatIndianRupees(999999999.99)).toBe('₹99,99,99,999.99');
    expect(formatIndianRupees(262500.5)).toBe('₹2,62,500.50');
    expect(formatIndianRupees(-1299.5)).toBe('-₹1,299.50');
  });

  it('counts in paise: sums of decimals print to the paisa', () => {
    expect(formatIndianRupees(0.1 + 0.2)).toBe('₹0.30');
  });

  it('without its commas and ₹ is the same amount, and every group but the last three digits is a pair', () => {
    fc.assert(
      fc.property(paiseUpTo99Crore, fc.boolean(), (paise, negative) => {
        const signed = negative ? -paise : paise;
        const text = formatIndianRupees(signed / 100);
        expect(text).toMatch(/^-?₹(\d{1,2}(,\d{2})*,\d{3}|\d{1,3})\.\d{2}$/);
        expect(text.startsWith('-')).toBe(negative && paise > 0);
        const digits = text.replace('₹', '').replaceAll(',', '').replace('.', '');
        expect(Number(digits)).toBe(negative && paise > 0 ? -paise : paise);
      }),
    );
  });
});

describe('amountInWords', () => {
  it('says the worked examples as an invoice does', () => {
    expect(amountInWords(1234567.5)).toBe(
      'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Fifty Paise Only',
    );
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(100000)).toBe('Rupees One Lakh Only');
    expect(amountInWords(10000000)).toBe('Rupees One Crore Only');
    expect(amountInWords(1.01)).toBe('Rupees One and One Paisa Only');
    expect(amountInWords(0.5)).toBe('Rupees Zero and Fifty Paise Only');
    expect(amountInWords(2999)).toBe('Rupees Two Thousand Nine Hundred Ninety-Nine Only');
    expect(amountInWords(262500.5)).toBe('Rupees Two Lakh Sixty-Two Thousand Five Hundred and Fifty Paise Only');
    expect(amountInWords(1115)).toBe('Rupees One Thousand One Hundred Fifteen Only');
    expect(amountInWords(999999999.99)).toBe(
      'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    );
    expect(amountInWords(10000000000)).toBe('Rupees One Thousand Crore Only');
    expect(amountInWords(-20)).toBe('Minus Rupees Twenty Only');
  });

  it('reads back as the same amount, is deterministic, and has no gaps or undefined words', () => {
    fc.assert(
      fc.property(paiseUpTo99Crore, (paise) => {
        const words = amountInWords(paise / 100);
        expect(words).toBe(amountInWords(paise / 100));
        expect(words).not.toMatch(/undefined|NaN| {2}|^ | $/);
        expect(words).toMatch(/^Rupees [A-Z].* Only$/);
        expect(readAmount(words)).toBe(paise);
      }),
    );
  });

  it('refuses what is not an amount', () => {
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
    expect(() => formatIndianRupees(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
