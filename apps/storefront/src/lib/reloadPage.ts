/**
 * Reloads the page, as product.md §4 asks 3 s after a profile is saved. A module of its own so that a test stands in
 * for it: jsdom cannot reload, and a reload timer left to fire after a test had ended ran in the next test file's
 * environment, which has no `window` (an unhandled error that failed CI on 2026-11-28).
 */
export function reloadPage(): void {
  window.location.reload();
}
