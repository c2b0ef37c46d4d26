/** The console's return screens (under the router's /admin basename). */
export const returnPaths = {
  returns: '/returns',
  return: (returnId: number | string) => `/returns/${returnId}`,
} as const;
