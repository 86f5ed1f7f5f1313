import type { TAuthUser } from '@flohmarkt/contracts';
import { NavLink } from 'react-router-dom';
import { AccountPanel, usePopupMenu } from './AccountPanel';
import { mainNavEntries } from './nav-entries';
import { paths } from '@/lib/paths';

/** The menu toggle of small screens, with the main navigation and the account entries. */
export function MobileMenu({ user }: { user: TAuthUser }) {
  const menu = usePopupMenu();

  return (
    <div className="mobile-menu" ref={menu.containerRef}>
      <button {...menu.toggleProps} className="icon-button mobile-menu__toggle" aria-label={menu.open ? 'Menü schließen' : 'Menü öffnen'}>
        <span className={`hamburger${menu.open ? ' hamburger--open' : ''}`} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
      </button>
      <AccountPanel menu={menu} user={user} className="mobile-menu__panel" label="Menü" navLabel="Mobile Navigation">
        <ul className="menu-list">
          {mainNavEntries(user).map((entry) => (
            <li key={entry.to}>
              <NavLink className="menu-link" to={entry.to} end={entry.to === paths.home()} onClick={menu.close}>
                {entry.label}
              </NavLink>
            </li>
          ))}
          <li className="menu-list__separator" aria-hidden="true" />
        </ul>
      </AccountPanel>
    </div>
  );
}
