import { Suspense, lazy } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { Toaster } from '@/components/ui/toast/Toaster';
import { PageSpinner } from '@/components/ui/Spinner';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { ScrollToTop } from '@/components/layout/ScrollToTop';
import { OfflineBanner } from '@/features/offline/components/OfflineBanner';
import { BrowserDataGuard } from '@/features/auth/components/BrowserDataGuard';
import { SignedOutNotice } from '@/features/auth/components/SignedOutNotice';
import { useCurrentUser } from '@/features/auth/api/get-current-user';

// Only a signed-in person is asked about a Merkliste kept without an account: its code stays off a visitor's first paint.
const MerklisteClaimPrompt = lazy(() => import('@/features/favourites/components/MerklisteClaimPrompt').then((m) => ({ default: m.MerklisteClaimPrompt })));

export function RootLayout() {
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        Zum Inhalt springen
      </a>
      <Header />
      <main id="main-content" className="app-main" tabIndex={-1}>
        {/* Issue 19: offline, or data from the service worker's copy; first in the main landmark. */}
        <OfflineBanner />
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <Toaster />
      {/* Issue 29: nothing of a user stays in the browser for the next person; a visitor's Merkliste joins an account only when asked. */}
      <BrowserDataGuard />
      <SignedOutNotice />
      {user ? (
        <Suspense fallback={null}>
          <MerklisteClaimPrompt />
        </Suspense>
      ) : null}
      <ScrollToTop />
    </div>
  );
}
