import { Link } from 'react-router-dom';
import { signOutOnClick } from '@/features/auth/api/sign-out';
import { getFeedbackUrl } from '@/lib/config';
import { LOGOUT_PATH, accountNavEntries } from './nav-entries';

/** Mein Profil, Meine Stände, Meine Reservierungen, Meine Flohmärkte, Einstellungen, Feedback and Abmelden: shared by the user and mobile menus. */
export function AccountLinks({ onNavigate }: { onNavigate: () => void }) {
  return (
    <ul className="menu-list">
      {accountNavEntries.map((entry) => (
        <li key={entry.to}>
          <Link className="menu-link" to={entry.to} onClick={onNavigate}>
            {entry.label}
          </Link>
        </li>
      ))}
      <li>
        <a className="menu-link" href={getFeedbackUrl()} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
          Feedback
          <span className="visually-hidden"> (öffnet in neuem Tab)</span>
        </a>
      </li>
      <li className="menu-list__separator" aria-hidden="true" />
      <li>
        <a className="menu-link menu-link--danger" href={LOGOUT_PATH} onClick={signOutOnClick}>
          Abmelden
        </a>
      </li>
    </ul>
  );
}
