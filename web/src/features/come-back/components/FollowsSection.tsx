import { Link } from 'react-router-dom';
import { useUser } from '@/features/users/api/get-user';
import { shortName } from '@/lib/exhibitor-name';
import { paths } from '@/lib/paths';
import { useFollow, useFollows } from '../api/follows';
import { FOLLOW_TEXTS as T } from '../lib/come-back-texts';
import { failureMessage } from '../lib/error-message';
import '../come-back.css';

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
  const organizers = query.data?.organizers;
  return (
    <section className="card come-back" aria-labelledby="follows-title">
      <h2 id="follows-title" className="card__title">
        {T.title}
      </h2>
      <p>{T.lead}</p>
      {query.isPending ? <p role="status">{T.loading}</p> : null}
      {/* Read with the page, not after an action: shown, not announced (the page's own messages keep role="alert"). */}
      {query.isError ? <p className="notice notice--error">{failureMessage(query.error, T.loadFailed)}</p> : null}
      {organizers?.length === 0 ? <p className="muted">{T.none}</p> : null}
      {organizers && organizers.length > 0 ? (
        <ul className="come-back-list" aria-label={T.title}>
          {organizers.map((id) => (
            <FollowedOrganizer key={id} organizerId={id} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
