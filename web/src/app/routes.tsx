import type { RouteObject } from 'react-router-dom';
import { PAGE_PATTERNS } from '@/lib/paths';
import { RootLayout } from './RootLayout';
import { lazyPage, preloadablePage } from './lazy-page';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';

/**
 * The route table of docs/product.md#screens-and-routes: one line per route, its path one of the page
 * patterns of lib/paths.ts (where every link to it is built too). Every page but the landing page is its
 * own lazily loaded chunk (the landing page is the first paint of `/` and ships with the entry).
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
      { path: PAGE_PATTERNS.event, element: eventPage.element },
      { path: PAGE_PATTERNS.merkliste, element: lazyPage(() => import('@/features/route/pages/MerklistePage').then((m) => m.MerklistePage)) },
      { path: PAGE_PATTERNS.sharedRoute, element: lazyPage(() => import('@/features/route/pages/SharedRoutePage').then((m) => m.SharedRoutePage)) },
      {
        path: PAGE_PATTERNS.stand,
        element: lazyPage(() =>
          Promise.all([import('@/features/stands/pages/StandPage'), import('@/app/stand-visitor-tools')]).then(([m, t]) => () => (
            <m.StandPage tools={t.StandVisitorTools} />
          )),
        ),
      },
      { path: PAGE_PATTERNS.exhibitor, element: lazyPage(() => import('@/features/exhibitors/pages/ExhibitorPage').then((m) => m.ExhibitorPage)) },
      { path: PAGE_PATTERNS.user, element: lazyPage(() => import('@/app/pages/UserPage').then((m) => m.UserPage)) },
      { path: PAGE_PATTERNS.impressum, element: lazyPage(() => import('@/features/legal/pages/ImpressumPage').then((m) => m.ImpressumPage)) },
      { path: PAGE_PATTERNS.privacy, element: lazyPage(() => import('@/features/legal/pages/PrivacyPage').then((m) => m.PrivacyPage)) },
      { path: PAGE_PATTERNS.standTips, element: lazyPage(() => import('@/features/legal/pages/StandTipsPage').then((m) => m.StandTipsPage)) },
      // items of the stands at the markets near a place (issue 35)
      { path: PAGE_PATTERNS.itemSearch, element: lazyPage(() => import('@/features/item-search/pages/ItemSearchPage').then((m) => m.ItemSearchPage)) },
      // signed-in screens (issue 6)
      { path: PAGE_PATTERNS.createEvent, element: lazyPage(() => import('@/features/event-form/pages/CreateEventPage').then((m) => m.CreateEventPage)) },
      { path: PAGE_PATTERNS.eventEdit, element: lazyPage(() => import('@/features/event-form/pages/EditEventPage').then((m) => m.EditEventPage)) },
      { path: PAGE_PATTERNS.eventCopy, element: lazyPage(() => import('@/features/event-form/pages/CopyEventPage').then((m) => m.CopyEventPage)) },
      {
        path: PAGE_PATTERNS.standRegistration,
        element: lazyPage(() => import('@/features/stand-registration/pages/RegisterStandPage').then((m) => m.RegisterStandPage)),
      },
      { path: PAGE_PATTERNS.standEdit, element: lazyPage(() => import('@/features/stand-edit/pages/EditStandPage').then((m) => m.EditStandPage)) },
      { path: PAGE_PATTERNS.profile, element: lazyPage(() => import('@/features/profile/pages/ProfilePage').then((m) => m.ProfilePage)) },
      { path: PAGE_PATTERNS.myStands, element: lazyPage(() => import('@/features/my-stands/pages/MyStandsPage').then((m) => m.MyStandsPage)) },
      { path: PAGE_PATTERNS.myEvents, element: lazyPage(() => import('@/features/my-events/pages/MyEventsPage').then((m) => m.MyEventsPage)) },
      {
        path: PAGE_PATTERNS.settings,
        element: lazyPage(() =>
          Promise.all([import('@/features/settings/pages/SettingsPage'), import('@/app/settings-sections')]).then(([m, s]) => () => (
            <m.SettingsPage sections={s.SettingsSections} />
          )),
        ),
      },
      { path: PAGE_PATTERNS.admin, element: lazyPage(() => import('@/features/admin/pages/AdminPage').then((m) => m.AdminPage)) },
      // end of signed-in screens (issue 6)
      // without sign-in, opened from links in mails (issue 17): a guest's registration and the mail opt-out
      {
        path: PAGE_PATTERNS.guestStand,
        element: lazyPage(() => import('@/features/guest-manage/pages/GuestStandManagePage').then((m) => m.GuestStandManagePage)),
      },
      { path: PAGE_PATTERNS.mailOptOut, element: lazyPage(() => import('@/features/mail-opt-out/pages/MailOptOutPage').then((m) => m.MailOptOutPage)) },
      { path: PAGE_PATTERNS.mailConfirm, element: lazyPage(() => import('@/features/mail-confirm/pages/MailConfirmPage').then((m) => m.MailConfirmPage)) },
      // free holds of items (issue 35): the seller's mail link (no sign-in) and the visitor's „Meine Reservierungen“
      { path: PAGE_PATTERNS.hold, element: lazyPage(() => import('@/features/holds/pages/HoldLinkPage').then((m) => m.HoldLinkPage)) },
      { path: PAGE_PATTERNS.myHolds, element: lazyPage(() => import('@/features/holds/pages/MyHoldsPage').then((m) => m.MyHoldsPage)) },
      // the market day (issue 36): the seller's „Bist du dabei?“ mail link (no sign-in), a team invite, the organiser's team, the team's day
      { path: PAGE_PATTERNS.confirmation, element: lazyPage(() => import('@/app/pages/market-day-pages').then((m) => m.ConfirmationPage)) },
      { path: PAGE_PATTERNS.teamInvite, element: lazyPage(() => import('@/app/pages/market-day-pages').then((m) => m.TeamInvitePage)) },
      { path: PAGE_PATTERNS.eventTeam, element: lazyPage(() => import('@/app/pages/market-day-pages').then((m) => m.TeamPage)) },
      { path: PAGE_PATTERNS.marketDay, element: lazyPage(() => import('@/features/market-day/pages/MarketDayPage').then((m) => m.MarketDayPage)) },
      // where the gateway sends a browser whose sign-in it refused (issue 30)
      { path: PAGE_PATTERNS.signInRefused, element: lazyPage(() => import('@/features/auth/pages/SignInRefusedPage').then((m) => m.SignInRefusedPage)) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
