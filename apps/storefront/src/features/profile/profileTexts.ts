/** The profile texts of product.md §2, §5 and §8, exactly. */
export const PROFILE_TEXTS = {
  nameFallback: 'Guest User',
  emailFallback: 'Email Not Available',
  phoneFallback: 'Phone Not Available',
  guestNotice: 'You are logged in as a guest.',
  passwordsDiffer: 'New passwords do not match.',
  passwordFailed: 'Failed to change password.',
  passwordError: 'An error occurred.',
  passwordReset: 'Password reset successfully! Please log in again.',
  updated: 'Profile updated successfully.',
} as const;

/** Product.md §9: after a password reset or a profile update the shopper moves on after 2 s; the page reloads at 3 s. */
export const PASSWORD_RESET_REDIRECT_MS = 2000;
export const PROFILE_UPDATED_REDIRECT_MS = 2000;
export const PROFILE_UPDATED_RELOAD_MS = 3000;
