import type { TAuthUser } from '@flohmarkt/contracts';
import { NavLink } from 'react-router-dom';
import { AccountLinks } from './AccountLinks';
import { usePopupMenu } from './use-popup-menu';
import { AccountSummary } from './AccountSummary';
import { mainNavEntries } from './nav-entries';
import { paths } from '@/lib/paths';

/** The menu toggle of small screens, with the main navigation and the account entries. */
export function MobileMenu({ user }: { user: TAuthUser }) {
  const { open, close, containerRef, panelId, toggleProps } = usePopupMenu();

  return (
    <div className="mobile-menu" ref={containerRef}>
      <button {...toggleProps} className="icon-button mobile-menu__toggle" aria-label={open ? 'Menü schließen' : 'Menü öffnen'}>
        <span className={`hamburger${open ? ' hamburger--open' : ''}`} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
      </button>
      {open ? (
        <div id={panelId} className="mobile-menu__panel" role="region" aria-label="Menü">
          <AccountSummary user={user} />
          <nav aria-label="Mobile Navigation">
            <ul className="menu-list">
              {mainNavEntries(user).map((entry) => (
                <li key={entry.to}>
                  <NavLink className="menu-link" to={entry.to} end={entry.to === paths.home()} onClick={close}>
                    {entry.label}
                  </NavLink>
                </li>
              ))}
              <li className="menu-list__separator" aria-hidden="true" />
            </ul>
            <AccountLinks onNavigate={close} />
          </nav>
        </div>
      ) : null}
    </div>
  );
}
