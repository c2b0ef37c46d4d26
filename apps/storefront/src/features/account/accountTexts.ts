/** The login, registration and guest texts of product.md §8, exactly. */
export const ACCOUNT_TEXTS = {
  loginInvalid: 'Login credentials are invalid',
  registerFailed: 'Registration failed',
  registered: 'Registration successful! Please log in.',
  guestSuccess: 'You are logged in as a Guest.',
  guestFailed: 'Unable to login as Guest',
  guestException: 'Something went wrong during guest login.',
} as const;

/** Redirect home after a login or a guest start (product.md §9). */
export const LOGIN_REDIRECT_MS = 1000;
