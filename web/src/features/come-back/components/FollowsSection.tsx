import { Link } from 'react-router-dom';
import { busyButton } from '@/components/ui/busy-button';
import { useUser } from '@/features/users/api/get-user';
import { shortName } from '@/lib/exhibitor-name';
import { paths } from '@/lib/paths';
import { useFollow, useFollows } from '../api/follows';
import { FOLLOW_TEXTS as T, MAILS_OFF_TEXTS as OFF } from '../lib/come-back-texts';
import { shownDone, useListDone } from '../lib/list-done';
import { ComeBackListSection } from './ComeBackListSection';
import { MailsOff } from './MailsOff';

/** What a press did, said in the list's message. */
type Say = (text: string, gone?: string | null) => void;

/**
 * One followed organiser: the name from the user page's read (while it comes, or when it fails, just "Veranstalter"),
 * „E-Mails abbestellt“ with „E-Mails wieder erhalten“ when a mail's link switched its mails off, and „Nicht mehr folgen“.
 */
function FollowedOrganizer({ organizerId, say }: { organizerId: string; say: Say }) {
  const user = useUser(organizerId);
  const follow = useFollow(organizerId);
  const name = user.data ? shortName(user.data) : T.unnamed;
  // In the list's message: "Du folgst Olga O. nicht mehr.", unnamed "… diesem Veranstalter …".
  const named = user.data ? name : T.thisOne;
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
        {follow.mailsOff ? <MailsOff /> : null}
      </div>
      <div className="come-back-list__actions">
        {follow.mailsOff ? (
          <button
            type="button"
            className="button button--outline"
            onClick={follow.resuming ? undefined : () => follow.resumeMails(() => say(T.resumed(named)))}
            {...busyButton(follow.resuming)}
          >
            {follow.resuming ? OFF.resuming : OFF.resume}
            <span className="visually-hidden">: {name}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="button button--outline"
          onClick={() => {
            say(T.unfollowed(named), organizerId);
            follow.set(false);
          }}
        >
          {T.unfollow}
          <span className="visually-hidden">: {name}</span>
        </button>
      </div>
    </li>
  );
}

/** "Veranstalter, denen du folgst" on /settings (issue 34), each with "Nicht mehr folgen"; what a press did is said above the list. */
export function FollowsSection() {
  const { query } = useFollows();
  const { done, say } = useListDone();
  return (
    <ComeBackListSection
      id="follows"
      texts={T}
      read={query}
      items={query.data?.organizers}
      listLabel={T.title}
      done={shownDone(done, query.data?.organizers)}
      renderItem={(id) => <FollowedOrganizer key={id} organizerId={id} say={say} />}
    />
  );
}
