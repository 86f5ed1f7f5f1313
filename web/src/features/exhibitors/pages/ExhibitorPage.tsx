import { SCREENS } from '@flohmarkt/contracts';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/Spinner';
import { LoadErrorScreen, StatusScreen } from '@/components/ui/StatusScreen';
import { useExhibitorStands } from '@/features/stands/api/get-exhibitor-stands';
import { shortName } from '@/lib/exhibitor-name';
import { isApiError } from '@/lib/api-client';
import { useExhibitor } from '../api/get-exhibitor';
import { ProfileView } from '../components/ProfileView';

/** /exhibitors/{id} (a user id): the public seller profile. */
export function ExhibitorPage() {
  const { id = '' } = useParams();
  const exhibitor = useExhibitor(id);
  const stands = useExhibitorStands(id, exhibitor.isSuccess);

  if (exhibitor.isPending) return <PageSpinner />;
  if (exhibitor.isError) {
    if (isApiError(exhibitor.error) && exhibitor.error.status === 404) return <StatusScreen title={SCREENS.profileNotFound} />;
    return <LoadErrorScreen message={exhibitor.error.message} />;
  }
  return (
    <>
      <title>{`${shortName(exhibitor.data)} – Flohmarkt`}</title>
      <ProfileView exhibitor={exhibitor.data} stands={stands.data ?? []} />
    </>
  );
}
