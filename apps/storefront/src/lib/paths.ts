import { productPathSegment } from '@kapaas/contract';

/**
 * Every address of the shop (product.md §2), for the route table and for links alike. The spelling is the
 * original shop's (/Coupouns, /shoping-cart) because links to these addresses exist outside the shop; the
 * router matches them ignoring case. A parameterised path is a function; the route table calls it with the
 * `:param` pattern, so the route and its links cannot drift apart.
 */
export const paths = {
  home: '/',
  login: '/Login-Page',
  register: '/Register-Page',
  /** Ask for a link to reset a forgotten password. */
  forgotPassword: '/forgot-password',
  /** The e-mail's link lands here with `?token=`: choose a new password. */
  resetPassword: '/reset-password',
  profile: '/myprofile',
  profileAddressEdit: (addressId: number | string) => `/Myprofileedit/${addressId}`,
  profileUpdate: '/Profileupdate',
  wishlist: '/wishlist',
  coupons: '/Coupouns',
  cart: '/shoping-cart',
  billingAddress: '/Billing-Address',
  billingAddressForm: '/Billing-Address-Form',
  billingAddressEdit: (addressId: number | string) => `/Billingedit/${addressId}`,
  orderSuccess: '/Order-success',
  orders: '/Orders',
  orderDetail: (orderId: number | string) => `/order-detail/${orderId}`,
  /** Track an order by its number and phone number, without logging in. */
  trackOrder: '/track',
  /** The undelivered message's link lands here with `?token=`: ask the courier to try again. */
  deliveryAnswer: '/delivery-answer',
  subcategories: (categoryId: number | string) => `/subcategory/${categoryId}`,
  category: (categoryId: number | string) => `/category-page/${categoryId}`,
  subcategory: (subcategoryId: number | string) => `/subcategory-detail/${subcategoryId}`,
  /** A product's page: with its name, the canonical address that carries the name's slug (/product-detail/12-mulmul-jhabla). */
  product: (productId: number | string, name?: string) =>
    `/product-detail/${name === undefined ? productId : productPathSegment(Number(productId), name)}`,
  shippingReturns: '/shipping-returns',
  /** The privacy notice (issue 35); /privacy-policy shows the same page. */
  privacy: '/privacy',
  /** A rights request under the DPDP Act (issue 35). */
  privacyRequest: '/privacy-request',
  shippingPolicy: '/shipping-policy',
  termsConditions: '/terms-conditions',
  refundPolicy: '/refund-policy',
  contact: '/contact',
  about: '/about',
  /** Search results: `?q=` the words, as the search popup's and search engines' searches ask. */
  search: '/search',
  /** The newsletter's double opt-in: the link in the confirmation message, `?token=`. */
  newsletterConfirm: '/newsletter/confirm',
  /** The footer link of an offer or reminder, `?e=` the address and `?s=` its signature. */
  unsubscribe: '/unsubscribe',
} as const;

/**
 * Addresses only the route table names (the shop never links them): kept out of `paths`, which every page's first
 * JavaScript carries, since the product page sits at its byte ceiling (budget.test.ts).
 */
export const routeOnlyPaths = {
  /** The spec's old address of the privacy notice, which shows the same page as `paths.privacy`. */
  privacyPolicy: '/privacy-policy',
  /** The e-mailed confirmation link of a guest's rights request (the API writes it). */
  privacyRequestConfirm: '/privacy-request/confirm',
} as const;
