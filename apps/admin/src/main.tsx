import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/admin.css';
import { mountApp } from '@kapaas/web-kit';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAdminRouter } from './app/router';
import { installFriendlyValidationMessages } from './lib/validation';

installFriendlyValidationMessages();
mountApp(
  <AppProviders>
    <RouterProvider router={createAdminRouter()} />
  </AppProviders>,
);
