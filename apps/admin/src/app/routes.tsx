import { Navigate, type RouteObject, useLocation } from 'react-router';
import { ResourceEditPage } from '../components/resource/ResourceEditPage';
import { ResourceListPage } from '../components/resource/ResourceListPage';
import type { ListScreens, ResourceScreens } from '../components/resource/screens';
import { AccountPage } from '../features/account/components/AccountPage';
import { adminScreens } from '../features/admins/adminScreens';
import { auditScreens, subscriberScreens } from '../features/audit/auditScreens';
import { categoryScreens, subcategoryScreens } from '../features/catalogue/categoryScreens';
import { genderScreens, patternScreens, sizeScreens } from '../features/catalogue/lookupScreens';
import { ProductSizeChart } from '../features/catalogue/sizeCharts/ProductSizeChart';
import { SizeChartsPage } from '../features/catalogue/sizeCharts/SizeChartsPage';
import {
  adScreens,
  bannerScreens,
  featuredSectionScreens,
  testimonialScreens,
} from '../features/content/contentScreens';
import { couponScreens } from '../features/coupons/couponScreens';
import { CustomerPage } from '../features/customers/components/CustomerPage';
import { customerScreens } from '../features/customers/components/customerScreens';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { MessagePage } from '../features/messages/components/MessagePage';
import { messageScreens } from '../features/messages/components/messageScreens';
import { noticePath } from '../features/notice/api/useNotice';
import { NoticePage } from '../features/notice/components/NoticePage';
import { OrderDetailPage } from '../features/orders/components/OrderDetailPage';
import { OrdersPage } from '../features/orders/components/OrdersPage';
import { OutboxMessagePage } from '../features/outbox/components/OutboxMessagePage';
import { OutboxPage } from '../features/outbox/components/OutboxPage';
import { privacyPaths } from '../features/privacy/api/usePrivacy';
import { BreachesPage } from '../features/privacy/components/BreachesPage';
import { BreachPage } from '../features/privacy/components/BreachPage';
import { PrivacyRequestPage } from '../features/privacy/components/PrivacyRequestPage';
import { PrivacyRequestsPage } from '../features/privacy/components/PrivacyRequestsPage';
import { ProductEditPage } from '../features/products/components/ProductEditPage';
import { ProductImportPage } from '../features/products/components/ProductImportPage';
import { ProductListPage } from '../features/products/components/ProductListPage';
import { ReturnDetailPage } from '../features/returns/components/ReturnDetailPage';
import { ReturnsPage } from '../features/returns/components/ReturnsPage';
import { reviewPaths } from '../features/reviews/api/useReviews';
import { ReviewPage } from '../features/reviews/components/ReviewPage';
import { ReviewsPage } from '../features/reviews/components/ReviewsPage';
import { SettingsPage } from '../features/settings/components/SettingsPage';
import { ShippingZonesPage } from '../features/shipping/components/ShippingZonesPage';
import { UndeliveredPage } from '../features/shipping/components/UndeliveredPage';
import { cityScreens, stateScreens } from '../features/shop/placeScreens';
import { whatsAppInboxPath } from '../features/whatsapp/api/useWhatsAppInbox';
import { whatsAppTemplatesPath } from '../features/whatsapp/api/useWhatsAppTemplates';
import { WhatsAppInboxPage } from '../features/whatsapp/components/WhatsAppInboxPage';
import { WhatsAppTemplatesPage } from '../features/whatsapp/components/WhatsAppTemplatesPage';
import { paths } from '../lib/paths';
import { useAdminSession } from '../lib/session';
import { Layout } from './Layout';
import { LoginPage } from './LoginPage';
import { NotFoundPage } from './NotFoundPage';
import { ForgotPasswordPage, ResetPasswordPage } from './PasswordResetPages';
import { RouteError } from './RouteError';

/**
 * The list, new and edit routes of a resource drawn by the generic screens. Each element has its own
 * key: React would otherwise keep one screen's state (a form, a search) when moving to another of
 * the same component, such as from /categories/1 to /banners/1 or from …/new to the record made.
 */
function resourceRoutes<Item extends { id: number }>(screens: ResourceScreens<Item>): RouteObject[] {
  const path = screens.path.slice(1);
  return [
    { path, element: <ResourceListPage key={path} screens={screens} /> },
    { path: `${path}/new`, element: <ResourceEditPage key={`${path}/new`} screens={screens} /> },
    { path: `${path}/:id`, element: <ResourceEditPage key={`${path}/:id`} screens={screens} /> },
  ];
}

/** A list drawn by the generic screen, keyed like those of resourceRoutes. */
function listRoute<Item extends { id: number }>(screens: ListScreens<Item>): RouteObject {
  const path = screens.path.slice(1);
  return { path, element: <ResourceListPage key={path} screens={screens} /> };
}

/** Every signed-in screen is behind this: without a session the console shows the login, then comes back. */
function SignedIn() {
  const session = useAdminSession();
  const location = useLocation();
  if (!session) return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Layout session={session} />;
}

/** The console's screens, under /admin (the router's basename). */
export const routes: RouteObject[] = [
  { path: paths.login, element: <LoginPage />, errorElement: <RouteError /> },
  { path: paths.forgotPassword, element: <ForgotPasswordPage />, errorElement: <RouteError /> },
  { path: paths.resetPassword, element: <ResetPasswordPage />, errorElement: <RouteError /> },
  {
    path: paths.dashboard,
    element: <SignedIn />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <DashboardPage /> },
          { path: paths.orders, element: <OrdersPage /> },
          { path: paths.order(':id'), element: <OrderDetailPage /> },
          { path: paths.returns, element: <ReturnsPage /> },
          { path: paths.returnRequest(':id'), element: <ReturnDetailPage /> },
          { path: paths.undelivered, element: <UndeliveredPage /> },
          { path: paths.products, element: <ProductListPage /> },
          { path: paths.newProduct, element: <ProductEditPage key="new" /> },
          { path: paths.productImport, element: <ProductImportPage /> },
          {
            path: paths.product(':id'),
            element: (
              <ProductEditPage
                key="edit"
                renderSizeChart={(productId, sizes) => <ProductSizeChart productId={productId} sizes={sizes} />}
              />
            ),
          },
          ...resourceRoutes(categoryScreens),
          ...resourceRoutes(subcategoryScreens),
          ...resourceRoutes(sizeScreens),
          { path: paths.sizeCharts, element: <SizeChartsPage /> },
          ...resourceRoutes(patternScreens),
          ...resourceRoutes(genderScreens),
          ...resourceRoutes(bannerScreens),
          ...resourceRoutes(adScreens),
          ...resourceRoutes(testimonialScreens),
          ...resourceRoutes(featuredSectionScreens),
          ...resourceRoutes(couponScreens),
          { path: reviewPaths.list, element: <ReviewsPage /> },
          { path: reviewPaths.review(':id'), element: <ReviewPage /> },
          { path: noticePath, element: <NoticePage /> },
          { path: privacyPaths.requests, element: <PrivacyRequestsPage /> },
          { path: privacyPaths.request(':id'), element: <PrivacyRequestPage /> },
          { path: privacyPaths.breaches, element: <BreachesPage /> },
          { path: privacyPaths.breach(':id'), element: <BreachPage /> },
          listRoute(customerScreens),
          { path: paths.customer(':id'), element: <CustomerPage /> },
          listRoute(messageScreens),
          { path: paths.message(':id'), element: <MessagePage /> },
          { path: paths.outbox, element: <OutboxPage /> },
          { path: paths.outboxMessage(':id'), element: <OutboxMessagePage /> },
          listRoute(subscriberScreens),
          listRoute(auditScreens),
          { path: paths.settings, element: <SettingsPage /> },
          { path: whatsAppTemplatesPath, element: <WhatsAppTemplatesPage /> },
          { path: whatsAppInboxPath, element: <WhatsAppInboxPage /> },
          { path: paths.shippingZones, element: <ShippingZonesPage /> },
          ...resourceRoutes(stateScreens),
          ...resourceRoutes(cityScreens),
          ...resourceRoutes(adminScreens),
          { path: paths.account, element: <AccountPage /> },
          {
            // Loaded when opened, with the chart library: the console's first load stays as it was (ADR 055).
            path: `${paths.reports}/:report?`,
            lazy: async () => ({ Component: (await import('../features/reports/components/ReportsPage')).ReportsPage }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
