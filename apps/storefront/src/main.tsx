import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/theme.css';
import { mountApp } from '@kapaas/web-kit';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

mountApp(
  <AppProviders>
    <RouterProvider router={createAppRouter()} />
  </AppProviders>,
);
