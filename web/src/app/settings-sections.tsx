import type { TAuthUser } from '@flohmarkt/contracts';
import { AlertsSection } from '@/features/come-back/components/AlertsSection';
import { FollowsSection } from '@/features/come-back/components/FollowsSection';

/**
 * What issue 34 adds to /settings, put together here because a feature shows only its own parts: the
 * Flohmarkt-Alarme for a place and the organisers the user follows.
 */
export function SettingsSections({ user }: { user: TAuthUser }) {
  return (
    <>
      <AlertsSection userId={user.id} />
      <FollowsSection />
    </>
  );
}
