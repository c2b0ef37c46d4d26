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
  privacyPolicy: '/privacy-policy',
  /** The privacy notice (issue 35); /privacy-policy shows the same page. */
  privacy: '/privacy',
  /** A rights request under the DPDP Act (issue 35), and its e-mailed confirmation link for a guest. */
  privacyRequest: '/privacy-request',
  privacyRequestConfirm: '/privacy-request/confirm',
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
