// The shapes of an Indian address's numbers, without zod, so that a page can check a PIN code as it is typed without
// loading the schemas (the storefront's first scripts stay small). addresses.ts builds its schemas on them.

/** The hints of product.md §5, shown under the form's fields. */
export const PIN_CODE_MESSAGE = 'Pin code must be 6 digits';
export const PHONE_NUMBER_MESSAGE = 'Phone number must be 10 digits';

/** An Indian PIN code: six digits, never starting with 0. */
export const PIN_CODE_PATTERN = /^[1-9][0-9]{5}$/;
/** An Indian mobile number: ten digits starting with 6, 7, 8 or 9. */
export const PHONE_NUMBER_PATTERN = /^[6-9][0-9]{9}$/;
