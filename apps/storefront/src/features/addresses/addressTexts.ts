/** The address texts of product.md §5 and §8, exactly. */
export const ADDRESS_TEXTS = {
  empty: 'You have no saved addresses. Please add one.',
  loadFailed: 'Could not fetch addresses.',
  activeFailed: 'Could not set default address.',
  deleteFailed: 'Failed to delete address.',
  deleteError: 'Error deleting address.',
  deleteException: 'An error occurred while deleting.',
  addFailed: 'Failed to add address.',
  updated: 'Address updated successfully!',
  pinHint: 'Pin code must be 6 digits',
  phoneHint: 'Phone number must be 10 digits',
  submitting: 'SUBMITTING...',
} as const;

/** Redirects after a save (product.md §4, §9). */
export const ADDRESS_ADDED_REDIRECT_MS = 1500;
export const ADDRESS_UPDATED_REDIRECT_MS = 1000;
