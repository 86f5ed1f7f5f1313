import type { RouteObject } from 'react-router-dom';
import { RootLayout } from './RootLayout';
import { lazyPage, preloadablePage } from './lazy-page';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';

/**
 * The route table of docs/product.md#screens-and-routes: one line per route. Every page but the landing page is its
 * own lazily loaded chunk (the landing page is the first paint of `/` and ships with the entry).
 * Screens of later issues join here the same way: /events/:id/edit, /events/:eventId/register-stand,
 * /stands/:standId/edit, /profile, /my-stands, /settings, /admin, /create-event. Until then they
 * fall through to the 404 page.
 * /api/login and /api/logout are browser navigations to the gateway, never client routes.
 *
 * Rendered by `useRoutes` inside a plain <BrowserRouter> (declarative mode): the data router of
 * react-router costs about 17 kB gzip more in the first paint, and the app loads data with
 * TanStack Query, not with route loaders. Errors are caught by the layout's error boundary.
 */
/** The event page, which main.tsx may start loading before the first render (first-route-data.ts). */
export const eventPage = preloadablePage(() => import('@/app/pages/EventPage').then((m) => m.EventPage));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'events/:id', element: eventPage.element },
      { path: 'events/:id/merkliste', element: lazyPage(() => import('@/features/route/pages/MerklistePage').then((m) => m.MerklistePage)) },
      { path: 'events/:id/runde', element: lazyPage(() => import('@/features/route/pages/SharedRoutePage').then((m) => m.SharedRoutePage)) },
      {
        path: 'stands/:id',
        element: lazyPage(() =>
          Promise.all([import('@/features/stands/pages/StandPage'), import('@/app/stand-visitor-tools')]).then(([m, t]) => () => (
            <m.StandPage tools={t.StandVisitorTools} />
          )),
        ),
      },
      { path: 'exhibitors/:id', element: lazyPage(() => import('@/features/exhibitors/pages/ExhibitorPage').then((m) => m.ExhibitorPage)) },
      { path: 'users/:userId', element: lazyPage(() => import('@/app/pages/UserPage').then((m) => m.UserPage)) },
      { path: 'impressum', element: lazyPage(() => import('@/features/legal/pages/ImpressumPage').then((m) => m.ImpressumPage)) },
      { path: 'datenschutz', element: lazyPage(() => import('@/features/legal/pages/PrivacyPage').then((m) => m.PrivacyPage)) },
      { path: 'legal-notice', element: lazyPage(() => import('@/features/legal/pages/StandTipsPage').then((m) => m.StandTipsPage)) },
      // signed-in screens (issue 6)
      { path: 'create-event', element: lazyPage(() => import('@/features/event-form/pages/CreateEventPage').then((m) => m.CreateEventPage)) },
      { path: 'events/:id/edit', element: lazyPage(() => import('@/features/event-form/pages/EditEventPage').then((m) => m.EditEventPage)) },
      {
        path: 'events/:eventId/register-stand',
        element: lazyPage(() => import('@/features/stand-registration/pages/RegisterStandPage').then((m) => m.RegisterStandPage)),
      },
      { path: 'stands/:standId/edit', element: lazyPage(() => import('@/features/stand-edit/pages/EditStandPage').then((m) => m.EditStandPage)) },
      { path: 'profile', element: lazyPage(() => import('@/features/profile/pages/ProfilePage').then((m) => m.ProfilePage)) },
      { path: 'my-stands', element: lazyPage(() => import('@/features/my-stands/pages/MyStandsPage').then((m) => m.MyStandsPage)) },
      { path: 'my-events', element: lazyPage(() => import('@/features/my-events/pages/MyEventsPage').then((m) => m.MyEventsPage)) },
      { path: 'settings', element: lazyPage(() => import('@/features/settings/pages/SettingsPage').then((m) => m.SettingsPage)) },
      { path: 'admin', element: lazyPage(() => import('@/features/admin/pages/AdminPage').then((m) => m.AdminPage)) },
      // end of signed-in screens (issue 6)
      // without sign-in, opened from links in mails (issue 17): a guest's registration and the mail opt-out
      { path: 'anmeldung/:token', element: lazyPage(() => import('@/features/guest-manage/pages/GuestStandManagePage').then((m) => m.GuestStandManagePage)) },
      { path: 'abmelden/:token', element: lazyPage(() => import('@/features/mail-opt-out/pages/MailOptOutPage').then((m) => m.MailOptOutPage)) },
      { path: 'e-mail-bestaetigen/:token', element: lazyPage(() => import('@/features/mail-confirm/pages/MailConfirmPage').then((m) => m.MailConfirmPage)) },
      // where the gateway sends a browser whose sign-in it refused (issue 30)
      { path: 'anmelden-nicht-moeglich', element: lazyPage(() => import('@/features/auth/pages/SignInRefusedPage').then((m) => m.SignInRefusedPage)) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
