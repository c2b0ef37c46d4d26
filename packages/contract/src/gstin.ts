/**
 * GSTINs and the GST state codes, without zod: the console's settings form checks a GSTIN as it is typed, and the API
 * checks it again when it is saved.
 *
 * A GSTIN is 15 characters: the two-digit GST code of the state of registration, the holder's PAN (five letters, four
 * digits, a letter), the registration's number for that PAN in that state (1-9, then A-Z), the letter Z, and a check
 * character computed from the first fourteen (GSTN's Luhn mod 36).
 */

/** A GST state or Union Territory: its two-digit code, its name, and whether it is a Union Territory without a legislature (UTGST applies there instead of SGST). */
export interface GstState {
  code: string;
  name: string;
  utWithoutLegislature: boolean;
}

/**
 * The GST state codes in use, as GSTN lists them. Union Territories without a legislature levy UTGST: Andaman and
 * Nicobar Islands, Chandigarh, Dadra and Nagar Haveli and Daman and Diu, Ladakh and Lakshadweep. Delhi, Puducherry
 * and Jammu and Kashmir have legislatures and levy SGST. Code 25 (Daman and Diu) was merged into 26 in 2020.
 */
export const GST_STATES: readonly GstState[] = [
  { code: '01', name: 'Jammu and Kashmir', utWithoutLegislature: false },
  { code: '02', name: 'Himachal Pradesh', utWithoutLegislature: false },
  { code: '03', name: 'Punjab', utWithoutLegislature: false },
  { code: '04', name: 'Chandigarh', utWithoutLegislature: true },
  { code: '05', name: 'Uttarakhand', utWithoutLegislature: false },
  { code: '06', name: 'Haryana', utWithoutLegislature: false },
  { code: '07', name: 'Delhi', utWithoutLegislature: false },
  { code: '08', name: 'Rajasthan', utWithoutLegislature: false },
  { code: '09', name: 'Uttar Pradesh', utWithoutLegislature: false },
  { code: '10', name: 'Bihar', utWithoutLegislature: false },
  { code: '11', name: 'Sikkim', utWithoutLegislature: false },
  { code: '12', name: 'Arunachal Pradesh', utWithoutLegislature: false },
  { code: '13', name: 'Nagaland', utWithoutLegislature: false },
  { code: '14', name: 'Manipur', utWithoutLegislature: false },
  { code: '15', name: 'Mizoram', utWithoutLegislature: false },
  { code: '16', name: 'Tripura', utWithoutLegislature: false },
  { code: '17', name: 'Meghalaya', utWithoutLegislature: false },
  { code: '18', name: 'Assam', utWithoutLegislature: false },
  { code: '19', name: 'West Bengal', utWithoutLegislature: false },
  { code: '20', name: 'Jharkhand', utWithoutLegislature: false },
  { code: '21', name: 'Odisha', utWithoutLegislature: false },
  { code: '22', name: 'Chhattisgarh', utWithoutLegislature: false },
  { code: '23', name: 'Madhya Pradesh', utWithoutLegislature: false },
  { code: '24', name: 'Gujarat', utWithoutLegislature: false },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', utWithoutLegislature: true },
  { code: '27', name: 'Maharashtra', utWithoutLegislature: false },
  { code: '29', name: 'Karnataka', utWithoutLegislature: false },
  { code: '30', name: 'Goa', utWithoutLegislature: false },
  { code: '31', name: 'Lakshadweep', utWithoutLegislature: true },
  { code: '32', name: 'Kerala', utWithoutLegislature: false },
  { code: '33', name: 'Tamil Nadu', utWithoutLegislature: false },
  { code: '34', name: 'Puducherry', utWithoutLegislature: false },
  { code: '35', name: 'Andaman and Nicobar Islands', utWithoutLegislature: true },
  { code: '36', name: 'Telangana', utWithoutLegislature: false },
  { code: '37', name: 'Andhra Pradesh', utWithoutLegislature: false },
  { code: '38', name: 'Ladakh', utWithoutLegislature: true },
];

const BY_CODE = new Map(GST_STATES.map((state) => [state.code, state]));

/** The state or Union Territory a GST code names, or undefined. */
export function gstStateByCode(code: string): GstState | undefined {
  return BY_CODE.get(code);
}

const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN, entity number, Z, check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first fourteen characters (GSTN's Luhn mod 36). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = CHARACTERS.indexOf(first14.charAt(index));
    if (value < 0) throw new Error(`Not a GSTIN character: ${first14.charAt(index)}`);
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS.charAt((36 - (sum % 36)) % 36);
}

/** Why a GSTIN is refused, in words for the field's error; undefined when it is well formed. */
export function gstinProblem(gstin: string): string | undefined {
  if (gstin.length !== 15) return 'A GSTIN has 15 characters.';
  if (!GSTIN_PATTERN.test(gstin)) {
    return 'A GSTIN is a state code, a PAN, an entity number, Z and a check character (e.g. 27AAPFU0939F1ZV).';
  }
  if (!gstStateByCode(gstin.slice(0, 2))) return `${gstin.slice(0, 2)} is not a GST state code.`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) {
    return 'The last character does not match: check the GSTIN for a typing mistake.';
  }
  return undefined;
}
