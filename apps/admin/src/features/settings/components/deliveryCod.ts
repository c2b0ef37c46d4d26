import { numberOrEmpty } from '#admin/lib/forms.ts';

/** A PIN code or its first digits, as the API takes them (744, 194101). */
const PIN_OR_PREFIX = /^[1-9][0-9]{0,5}$/;

/** The excluded PIN codes as typed, one a line or separated by commas or spaces, as the list the API takes. */
export function splitPins(text: string): string[] {
  return text.split(/[\s,;]+/).filter((pin) => pin !== '');
}

/** The saved excluded PIN codes as the textarea shows them: one a line. */
export function pinsText(pins: readonly string[]): string {
  return pins.join('\n');
}

/** What is wrong with the excluded PIN codes as typed: the first entry that is not a PIN code or its first digits. */
export function typedPinsProblem(text: string): string | undefined {
  const wrong = splitPins(text).find((pin) => !PIN_OR_PREFIX.test(pin));
  return wrong === undefined ? undefined : `“${wrong}” is not a PIN code or its first digits, e.g. 744 or 194101.`;
}

/**
 * Why the order values for cash on delivery make no range: the least is above the most. Undefined while either is
 * empty or not a number (their own checks say so).
 */
export function codLimitsProblem(least: string, most: string): string | undefined {
  const min = numberOrEmpty(least);
  const max = numberOrEmpty(most);
  if (min === undefined || max === undefined || Number.isNaN(min) || Number.isNaN(max)) return undefined;
  return min > max ? 'The most must be at least the least order value for cash on delivery.' : undefined;
}
