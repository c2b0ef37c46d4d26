/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe. */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
