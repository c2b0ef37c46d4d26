import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingState } from '../components/feedback/LoadingState';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';

/**
 * Every route of the shop (product.md §2). Pages load on demand, so the first visit downloads only the frame and the
 * page it lands on. Paths keep the spelling of the original shop (/Coupouns, /shoping-cart) because links to
 * them exist; matching ignores case.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
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

          { path: 'Login-Page', lazy: () => import('./routes/LoginPage').then((m) => ({ Component: m.LoginPage })) },
          {
            path: 'Register-Page',
            lazy: () => import('./routes/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
          },
          {
            path: 'myprofile',
            lazy: () => import('./routes/MyProfilePage').then((m) => ({ Component: m.MyProfilePage })),
          },
          {
            path: 'Myprofileedit/:addressId',
            lazy: () =>
              import('./routes/ProfileAddressEditPage').then((m) => ({ Component: m.ProfileAddressEditPage })),
          },
          {
            path: 'Profileupdate',
            lazy: () => import('./routes/ProfileUpdatePage').then((m) => ({ Component: m.ProfileUpdatePage })),
          },
          {
            path: 'wishlist',
            lazy: () => import('./routes/WishlistPage').then((m) => ({ Component: m.WishlistPage })),
          },
          { path: 'Coupouns', lazy: () => import('./routes/CouponsPage').then((m) => ({ Component: m.CouponsPage })) },

          { path: 'shoping-cart', lazy: () => import('./routes/CartPage').then((m) => ({ Component: m.CartPage })) },
          {
            path: 'Billing-Address',
            lazy: () => import('./routes/BillingAddressPage').then((m) => ({ Component: m.BillingAddressPage })),
          },
          {
            path: 'Billing-Address-Form',
            lazy: () =>
              import('./routes/BillingAddressFormPage').then((m) => ({ Component: m.BillingAddressFormPage })),
          },
          {
            path: 'Billingedit/:addressId',
            lazy: () =>
              import('./routes/BillingAddressEditPage').then((m) => ({ Component: m.BillingAddressEditPage })),
          },
          {
            path: 'Order-success',
            lazy: () => import('./routes/OrderSuccessPage').then((m) => ({ Component: m.OrderSuccessPage })),
          },
          { path: 'Orders', lazy: () => import('./routes/OrdersPage').then((m) => ({ Component: m.OrdersPage })) },
          {
            path: 'order-detail/:orderId',
            lazy: () => import('./routes/OrderDetailPage').then((m) => ({ Component: m.OrderDetailPage })),
          },

          {
            path: 'subcategory/:categoryId',
            lazy: () => import('./routes/SubcategoryListPage').then((m) => ({ Component: m.SubcategoryListPage })),
          },
          {
            path: 'category-page/:categoryId',
            lazy: () => import('./routes/CategoryPage').then((m) => ({ Component: m.CategoryPage })),
          },
          {
            path: 'subcategory-detail/:subcategoryId',
            lazy: () => import('./routes/SubcategoryDetailPage').then((m) => ({ Component: m.SubcategoryDetailPage })),
          },
          {
            path: 'product-detail/:productId',
            lazy: () => import('./routes/ProductDetailPage').then((m) => ({ Component: m.ProductDetailPage })),
          },

          {
            path: 'shipping-returns',
            lazy: () => import('./routes/ShippingReturnsPage').then((m) => ({ Component: m.ShippingReturnsPage })),
          },
          {
            path: 'privacy-policy',
            lazy: () => import('./routes/PrivacyPolicyPage').then((m) => ({ Component: m.PrivacyPolicyPage })),
          },
          {
            path: 'shipping-policy',
            lazy: () => import('./routes/ShippingPolicyPage').then((m) => ({ Component: m.ShippingPolicyPage })),
          },
          {
            path: 'terms-conditions',
            lazy: () => import('./routes/TermsConditionsPage').then((m) => ({ Component: m.TermsConditionsPage })),
          },
          {
            path: 'refund-policy',
            lazy: () => import('./routes/RefundPolicyPage').then((m) => ({ Component: m.RefundPolicyPage })),
          },
          { path: 'contact', lazy: () => import('./routes/ContactPage').then((m) => ({ Component: m.ContactPage })) },
          { path: 'about', lazy: () => import('./routes/AboutPage').then((m) => ({ Component: m.AboutPage })) },

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
