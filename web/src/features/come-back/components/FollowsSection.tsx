import { Link } from 'react-router-dom';
import { useUser } from '@/features/users/api/get-user';
import { shortName } from '@/lib/exhibitor-name';
import { paths } from '@/lib/paths';
import { useFollow, useFollows } from '../api/follows';
import { FOLLOW_TEXTS as T } from '../lib/come-back-texts';
import { ComeBackListSection } from './ComeBackListSection';

/** One followed organiser: the name from the user page's read (while it comes, or when it fails, just "Veranstalter"). */
function FollowedOrganizer({ organizerId }: { organizerId: string }) {
  const user = useUser(organizerId);
  const follow = useFollow(organizerId);
  const name = user.data ? shortName(user.data) : T.unnamed;
  return (
    <li className="come-back-list__item">
      <div className="come-back-list__text">
        <p className="come-back-list__title">{name}</p>
        <p className="come-back-list__meta">
          <Link to={paths.user(organizerId)}>
            {T.view}
            {user.data ? <span className="visually-hidden">: {name}</span> : null}
          </Link>
        </p>
      </div>
      <button type="button" className="button button--outline" onClick={() => follow.set(false)}>
        {T.unfollow}
        <span className="visually-hidden">: {name}</span>
      </button>
    </li>
  );
}

/** "Veranstalter, denen du folgst" on /settings (issue 34), each with "Nicht mehr folgen". */
export function FollowsSection() {
  const { query } = useFollows();
  return (
    <ComeBackListSection
      id="follows"
      texts={T}
      read={query}
      items={query.data?.organizers}
      listLabel={T.title}
      renderItem={(id) => <FollowedOrganizer key={id} organizerId={id} />}
    />
  );
}
