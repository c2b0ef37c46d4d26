/**
 * What crawlers are asked to leave alone: the admin console and the APIs, the payment sandbox,
 * and the storefront's account, checkout and e-mail link pages (personal, and nothing to find there). Robots
 * rules match paths case-sensitively, so these are the storefront's exact spellings.
 */
export const DISALLOWED_PATHS: readonly string[] = [
  '/admin',
  '/api',
  '/sandbox',
  '/Login-Page',
  '/Register-Page',
  '/myprofile',
  '/Myprofileedit/',
  '/Profileupdate',
  '/wishlist',
  '/Coupouns',
  '/shoping-cart',
  '/Billing-Address',
  '/Billing-Address-Form',
  '/Billingedit/',
  '/Order-success',
  '/Orders',
  '/order-detail/',
  '/forgot-password',
  '/reset-password',
  '/newsletter/confirm',
  '/unsubscribe',
  '/delivery-answer',
  '/returns',
];

/** robots.txt: the shop open to every crawler but for DISALLOWED_PATHS, and where its sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
