import { LIMITS, SCREENS, type TAuthUser } from '@flohmarkt/contracts';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { StatusScreen } from '@/components/ui/StatusScreen';
import { RequireAuth } from './RequireAuth';
import { paths } from '@/lib/paths';

/** Non-admins read 'Sie haben keine Berechtigung für diese Seite.' and go to / after 1 s (docs/product.md#permissions). */
function AdminOnly({ user, children }: { user: TAuthUser; children: (user: TAuthUser) => ReactNode }) {
  const navigate = useNavigate();
  const allowed = user.role === 'admin';

  useEffect(() => {
    if (allowed) return undefined;
    const timer = setTimeout(() => navigate(paths.home(), { replace: true }), LIMITS.redirectNonAdminMs);
    return () => clearTimeout(timer);
  }, [allowed, navigate]);

  if (!allowed) return <StatusScreen title={SCREENS.notAuthorized} text={SCREENS.adminOnly} homeLink={false} />;
  return <>{children(user)}</>;
}

export function RequireAdmin({ children }: { children: (user: TAuthUser) => ReactNode }) {
  return <RequireAuth>{(user) => <AdminOnly user={user}>{children}</AdminOnly>}</RequireAuth>;
}
