import type { RouteObject } from 'react-router-dom';
import { RootLayout } from '@/components/layout/RootLayout';
import { ErrorPage } from './pages/ErrorPage';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';

/**
 * The route table of spec section 2. Screens join as their issues land (lazily loaded via `lazy`):
 * /impressum, /datenschutz, /legal-notice, /events/:id, /stands/:id, /exhibitors/:id, /users/:userId,
 * /events/:id/edit, /events/:eventId/register-stand, /stands/:standId/edit, /profile, /my-stands,
 * /settings, /admin, /create-event. Until then they fall through to the 404 page.
 * /api/login and /api/logout are browser navigations to the gateway, never client routes.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
