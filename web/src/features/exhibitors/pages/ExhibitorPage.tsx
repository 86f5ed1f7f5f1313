import { SCREENS } from '@flohmarkt/contracts';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/Spinner';
import { FailedLoadScreen } from '@/components/ui/StatusScreen';
import { useExhibitorStands } from '@/features/stands/api/get-exhibitor-stands';
import { shortName } from '@/lib/exhibitor-name';
import { useExhibitor } from '../api/get-exhibitor';
import { ProfileView } from '../components/ProfileView';

/** /exhibitors/{id} (a user id): the public seller profile. */
export function ExhibitorPage() {
  const { id = '' } = useParams();
  const exhibitor = useExhibitor(id);
  const stands = useExhibitorStands(id, exhibitor.isSuccess);

  if (exhibitor.isPending) return <PageSpinner />;
  if (exhibitor.isError) return <FailedLoadScreen error={exhibitor.error} notFound={SCREENS.profileNotFound} />;
  return (
    <>
      <title>{`${shortName(exhibitor.data)} – Flohmarkt`}</title>
      <ProfileView exhibitor={exhibitor.data} stands={stands.data ?? []} />
    </>
  );
}
