import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_STATES, gstinCheckCharacter, gstinProblem, gstStateByCode } from './gstin';

const LETTER = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const DIGIT = fc.constantFrom(...'0123456789');
const ENTITY = fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');

/** A well-formed GSTIN: a real state code, a PAN-shaped middle, an entity number, Z, and its check character. */
const gstin = fc
  .tuple(
    fc.constantFrom(...GST_STATES.map((state) => state.code)),
    fc.array(LETTER, { minLength: 5, maxLength: 5 }),
    fc.array(DIGIT, { minLength: 4, maxLength: 4 }),
    LETTER,
    ENTITY,
  )
  .map(([code, letters, digits, last, entity]) => {
    const first14 = `${code}${letters.join('')}${digits.join('')}${last}${entity}Z`;
    return first14 + gstinCheckCharacter(first14);
  });

describe('GSTINs', () => {
  it('accepts published sample GSTINs (Maharashtra, Karnataka, Delhi)', () => {
    for (const sample of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '07AAGFF2194N1Z1']) {
      expect(gstinProblem(sample), sample).toBeUndefined();
    }
  });

  it('says what is wrong: length, shape, state code, check character', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('A GSTIN has 15 characters.');
    expect(gstinProblem('27aapfu0939f1zv')).toMatch(/^A GSTIN is a state code, a PAN/);
    expect(gstinProblem('27AAPFU0939F1YV')).toMatch(/^A GSTIN is a state code, a PAN/);
    expect(gstinProblem(`99AAPFU0939F1Z${gstinCheckCharacter('99AAPFU0939F1Z')}`)).toBe('99 is not a GST state code.');
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(
      'The last character does not match: check the GSTIN for a typing mistake.',
    );
  });

  it('accepts every well-formed GSTIN', () => {
    fc.assert(
      fc.property(gstin, (value) => gstinProblem(value) === undefined),
      { numRuns: 2000 },
    );
  });

  it('refuses a GSTIN with any one character mistyped', () => {
    fc.assert(
      fc.property(gstin, fc.nat(14), fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'), (value, at, typed) => {
        fc.pre(value.charAt(at) !== typed);
        const mistyped = value.slice(0, at) + typed + value.slice(at + 1);
        return gstinProblem(mistyped) !== undefined;
      }),
      { numRuns: 2000 },
    );
  });

  it('knows which Union Territories levy UTGST', () => {
    expect(GST_STATES.filter((state) => state.utWithoutLegislature).map((state) => state.code)).toEqual([
      '04',
      '26',
      '31',
      '35',
      '38',
    ]);
    expect(gstStateByCode('07')).toEqual({ code: '07', name: 'Delhi', utWithoutLegislature: false });
    expect(gstStateByCode('27')?.name).toBe('Maharashtra');
    expect(gstStateByCode('25')).toBeUndefined();
    expect(new Set(GST_STATES.map((state) => state.code)).size).toBe(GST_STATES.length);
  });
});
