import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingState } from '../components/feedback/LoadingState';
import { paths } from '../lib/paths';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';

/**
 * Every route of the shop (product.md §2). Pages load on demand, so the first visit downloads only the frame and the
 * page it lands on. The addresses are lib/paths' (absolute, so a route reads as the link to it); matching ignores
 * case.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: Layout,
    // A failure of the frame itself replaces the whole screen.
    errorElement: <RouteError />,
    children: [
      {
        // A failing page is shown inside the header and footer, so the shopper can navigate away.
        errorElement: <RouteError />,
        hydrateFallbackElement: <LoadingState label="Loading page" />,
        children: [
          { index: true, lazy: () => import('./routes/HomePage').then((m) => ({ Component: m.HomePage })) },

          { path: paths.login, lazy: () => import('./routes/LoginPage').then((m) => ({ Component: m.LoginPage })) },
          {
            path: paths.register,
            lazy: () => import('./routes/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
          },
          {
            path: paths.profile,
            lazy: () => import('./routes/MyProfilePage').then((m) => ({ Component: m.MyProfilePage })),
          },
          {
            path: paths.profileAddressEdit(':addressId'),
            lazy: () =>
              import('./routes/ProfileAddressEditPage').then((m) => ({ Component: m.ProfileAddressEditPage })),
          },
          {
            path: paths.profileUpdate,
            lazy: () => import('./routes/ProfileUpdatePage').then((m) => ({ Component: m.ProfileUpdatePage })),
          },
          {
            path: paths.wishlist,
            lazy: () => import('./routes/WishlistPage').then((m) => ({ Component: m.WishlistPage })),
          },
          {
            path: paths.coupons,
            lazy: () => import('./routes/CouponsPage').then((m) => ({ Component: m.CouponsPage })),
          },

          { path: paths.cart, lazy: () => import('./routes/CartPage').then((m) => ({ Component: m.CartPage })) },
          {
            path: paths.billingAddress,
            lazy: () => import('./routes/BillingAddressPage').then((m) => ({ Component: m.BillingAddressPage })),
          },
          {
            path: paths.billingAddressForm,
            lazy: () =>
              import('./routes/BillingAddressFormPage').then((m) => ({ Component: m.BillingAddressFormPage })),
          },
          {
            path: paths.billingAddressEdit(':addressId'),
            lazy: () =>
              import('./routes/BillingAddressEditPage').then((m) => ({ Component: m.BillingAddressEditPage })),
          },
          {
            path: paths.orderSuccess,
            lazy: () => import('./routes/OrderSuccessPage').then((m) => ({ Component: m.OrderSuccessPage })),
          },
          { path: paths.orders, lazy: () => import('./routes/OrdersPage').then((m) => ({ Component: m.OrdersPage })) },
          {
            path: paths.orderDetail(':orderId'),
            lazy: () => import('./routes/OrderDetailPage').then((m) => ({ Component: m.OrderDetailPage })),
          },

          {
            path: paths.subcategories(':categoryId'),
            lazy: () => import('./routes/SubcategoryListPage').then((m) => ({ Component: m.SubcategoryListPage })),
          },
          {
            path: paths.category(':categoryId'),
            lazy: () => import('./routes/CategoryPage').then((m) => ({ Component: m.CategoryPage })),
          },
          {
            path: paths.subcategory(':subcategoryId'),
            lazy: () => import('./routes/SubcategoryDetailPage').then((m) => ({ Component: m.SubcategoryDetailPage })),
          },
          {
            path: paths.product(':productId'),
            lazy: () => import('./routes/ProductDetailPage').then((m) => ({ Component: m.ProductDetailPage })),
          },

          {
            path: paths.shippingReturns,
            lazy: () => import('./routes/ShippingReturnsPage').then((m) => ({ Component: m.ShippingReturnsPage })),
          },
          {
            path: paths.privacyPolicy,
            lazy: () => import('./routes/PrivacyPolicyPage').then((m) => ({ Component: m.PrivacyPolicyPage })),
          },
          {
            path: paths.shippingPolicy,
            lazy: () => import('./routes/ShippingPolicyPage').then((m) => ({ Component: m.ShippingPolicyPage })),
          },
          {
            path: paths.termsConditions,
            lazy: () => import('./routes/TermsConditionsPage').then((m) => ({ Component: m.TermsConditionsPage })),
          },
          {
            path: paths.refundPolicy,
            lazy: () => import('./routes/RefundPolicyPage').then((m) => ({ Component: m.RefundPolicyPage })),
          },
          {
            path: paths.contact,
            lazy: () => import('./routes/ContactPage').then((m) => ({ Component: m.ContactPage })),
          },
          { path: paths.about, lazy: () => import('./routes/AboutPage').then((m) => ({ Component: m.AboutPage })) },

          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

/** The router of the running shop, on the browser's address bar. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
