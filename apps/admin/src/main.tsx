import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/admin.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAdminRouter } from './app/router';
import { installFriendlyValidationMessages } from './lib/validation';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

installFriendlyValidationMessages();
const router = createAdminRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
