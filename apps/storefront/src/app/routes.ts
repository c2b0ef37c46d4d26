import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { returnPaths } from '#storefront/lib/returnPaths.ts';
import { paths, routeOnlyPaths } from '../lib/paths';

/**
 * Every route of the shop (product.md §2), each a module under routes/. The addresses are lib/paths' (absolute, so a
 * route reads as the link to it); matching ignores case. Public pages have a loader that reads what they show from
 * the catalogue in memory and a meta for their head; the shopper's own pages (account, cart, checkout, orders) have
 * neither: the server sends their frame and they load in the browser.
 */
export default [
  layout('routes/PageBoundary.tsx', [
    index('routes/HomePage.tsx'),

    route(paths.login, 'routes/LoginPage.tsx'),
    route(paths.register, 'routes/RegisterPage.tsx'),
    route(paths.forgotPassword, 'routes/ForgotPasswordPage.tsx'),
    route(paths.resetPassword, 'routes/ResetPasswordPage.tsx'),
    route(paths.profile, 'routes/MyProfilePage.tsx'),
    route(paths.profileAddressEdit(':addressId'), 'routes/ProfileAddressEditPage.tsx'),
    route(paths.profileUpdate, 'routes/ProfileUpdatePage.tsx'),
    route(paths.wishlist, 'routes/WishlistPage.tsx'),
    route(paths.coupons, 'routes/CouponsPage.tsx'),

    route(paths.cart, 'routes/CartPage.tsx'),
    route(paths.billingAddress, 'routes/BillingAddressPage.tsx'),
    route(paths.billingAddressForm, 'routes/BillingAddressFormPage.tsx'),
    route(paths.billingAddressEdit(':addressId'), 'routes/BillingAddressEditPage.tsx'),
    route(paths.orderSuccess, 'routes/OrderSuccessPage.tsx'),
    route(paths.orders, 'routes/OrdersPage.tsx'),
    route(paths.orderDetail(':orderId'), 'routes/OrderDetailPage.tsx'),
    route(paths.trackOrder, 'routes/TrackOrderPage.tsx'),
    route(paths.deliveryAnswer, 'routes/DeliveryAnswerPage.tsx'),
    route(returnPaths.orderReturn(':orderId'), 'routes/OrderReturnPage.tsx'),
    route(returnPaths.returns, 'routes/MyReturnsPage.tsx'),
    route(returnPaths.returnDetail(':returnId'), 'routes/ReturnDetailPage.tsx'),

    route(paths.subcategories(':categoryId'), 'routes/SubcategoryListPage.tsx'),
    route(paths.category(':categoryId'), 'routes/CategoryPage.tsx'),
    route(paths.subcategory(':subcategoryId'), 'routes/SubcategoryDetailPage.tsx'),
    route(paths.product(':productId'), 'routes/ProductDetailPage.tsx'),

    route(paths.shippingReturns, 'routes/ShippingReturnsPage.tsx'),
    route(routeOnlyPaths.privacyPolicy, 'routes/PrivacyPolicyPage.tsx'),
    route(paths.privacy, 'routes/PrivacyPolicyPage.tsx', { id: 'privacy-notice' }),
    route(paths.privacyRequest, 'routes/PrivacyRequestPage.tsx'),
    route(routeOnlyPaths.privacyRequestConfirm, 'routes/PrivacyRequestConfirmPage.tsx'),
    route(paths.shippingPolicy, 'routes/ShippingPolicyPage.tsx'),
    route(paths.termsConditions, 'routes/TermsConditionsPage.tsx'),
    route(paths.refundPolicy, 'routes/RefundPolicyPage.tsx'),
    route(paths.contact, 'routes/ContactPage.tsx'),
    route(paths.about, 'routes/AboutPage.tsx'),
    route(paths.search, 'routes/SearchPage.tsx'),
    route(paths.newsletterConfirm, 'routes/NewsletterConfirmPage.tsx'),
    route(paths.unsubscribe, 'routes/UnsubscribePage.tsx'),

    route('*', 'routes/NotFoundRoute.tsx'),
  ]),
] satisfies RouteConfig;
