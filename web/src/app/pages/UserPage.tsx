import { SCREENS } from '@flohmarkt/contracts';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/Spinner';
import { FailedLoadScreen, LoadErrorScreen } from '@/components/ui/StatusScreen';
import { useExhibitor } from '@/features/exhibitors/api/get-exhibitor';
import { ProfileView } from '@/features/exhibitors/components/ProfileView';
import { LazyFollowOrganizerButton } from '@/features/come-back/components/LazyFollowOrganizerButton';
import { shortName } from '@/lib/exhibitor-name';
import { useUser } from '@/features/users/api/get-user';
import { useUserStands } from '@/features/users/api/get-user-stands';

/** /users/{userId}: the user's public page with their seller profile and stands. */
export function UserPage() {
  const { userId = '' } = useParams();
  const user = useUser(userId);
  const exhibitor = useExhibitor(user.isSuccess ? userId : null);
  const stands = useUserStands(userId, user.isSuccess);

  if (user.isError) return <FailedLoadScreen error={user.error} notFound={SCREENS.userNotFound} />;
  if (exhibitor.isError) return <LoadErrorScreen message={exhibitor.error.message} />;
  if (user.isPending || exhibitor.isPending) return <PageSpinner />;
  return (
    <>
      <title>{`${shortName(user.data)} – Flohmarkt`}</title>
      {/* Issue 34: following the user as an organiser, in the page's header. */}
      <ProfileView exhibitor={exhibitor.data} stands={stands.data ?? []} actions={<LazyFollowOrganizerButton organizerId={userId} />} />
    </>
  );
}
