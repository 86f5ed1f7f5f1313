import { ROLES, ROLE_LABELS, TOASTS, type TAdminUser, type TRole, formatDate } from '@flohmarkt/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog, useConfirmation } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast/use-toast';
import { reportError } from '@/components/auth-guard/lib/session-expired';
import { getDisplayName } from '@/lib/initials';
import { useChangeRole, useDeleteUser } from '../api/admin';
import { ShowMoreButton, useShownCount } from './ShowMore';
import { paths } from '@/lib/paths';
import { takeLostFocus } from '@/lib/take-lost-focus';

type Pending = { kind: 'role'; user: TAdminUser; role: TRole } | { kind: 'delete'; user: TAdminUser };

/** The users' heading: the focus goes there when a deleted user's row leaves (AdminPage gives it tabIndex -1). */
export const ADMIN_USERS_TITLE_ID = 'admin-users-title';
const roleSelectId = (userId: string) => `role-${userId}`;

/**
 * Where the focus goes once a confirmed change shows in the list. The dialog gives it back to the button that
 * opened it, which then leaves (the row of a deleted user) or is disabled (the role is now the chosen one), and
 * the browser drops it to the page: the row's role select, or the list's heading once the row is gone, takes it instead.
 */
function useFocusAfterChange(users: TAdminUser[]) {
  const [changed, setChanged] = useState<Pending | null>(null);
  useEffect(() => {
    if (!changed) return;
    const shown = users.find((u) => u.id === changed.user.id);
    // A role change shows as the new role, or as the row leaving a list filtered by the old role.
    const settled = shown === undefined || (changed.kind === 'role' && shown.role === changed.role);
    if (!settled) return;
    setChanged(null);
    takeLostFocus(() => document.getElementById(shown ? roleSelectId(shown.id) : ADMIN_USERS_TITLE_ID));
  }, [users, changed]);
  return setChanged;
}

function nameOf(user: TAdminUser): string {
  return getDisplayName(user) || user.email;
}

/** Users with their role badge, a role change and delete, both confirmed; not for the admin's own row. */
export function AdminUserList({ users, selfId }: { users: TAdminUser[]; selfId: string }) {
  const changeRole = useChangeRole();
  const remove = useDeleteUser();
  const [chosen, setChosen] = useState<Record<string, TRole>>({});
  const page = useShownCount(users.length);
  const focusAfter = useFocusAfterChange(users);
  const confirmation = useConfirmation<Pending>((pending, done) => {
    if (pending.kind === 'role') {
      changeRole.mutate(
        { userId: pending.user.id, role: pending.role },
        {
          onSuccess: () => {
            toast({ title: TOASTS.roleUpdated });
            focusAfter(pending);
          },
          onError: (e) => reportError(e, TOASTS.roleUpdateFailed),
          onSettled: done,
        },
      );
    } else {
      remove.mutate(pending.user.id, {
        onSuccess: () => {
          toast({ title: TOASTS.userDeleted });
          focusAfter(pending);
        },
        onError: (e) => reportError(e, TOASTS.userDeleteFailed),
        onSettled: done,
      });
    }
  });
  const pending = confirmation.subject;

  if (users.length === 0) return <p className="muted">Keine Benutzer gefunden.</p>;
  return (
    <>
      <ul className="admin-rows">
        {users.slice(0, page.shown).map((user) => {
          const self = user.id === selfId;
          const role = chosen[user.id] ?? user.role;
          const selectId = roleSelectId(user.id);
          return (
            <li key={user.id} className="admin-row">
              <div className="admin-row__text">
                <p className="admin-row__title">
                  <Link to={paths.user(user.id)}>{nameOf(user)}</Link>{' '}
                  <span className={`badge role-badge role-badge--${user.role}`}>{ROLE_LABELS[user.role]}</span>
                  {self ? <span className="muted"> (du)</span> : null}
                </p>
                <p className="admin-row__meta">
                  {user.email} · seit {formatDate(user.createdAt)}
                </p>
              </div>
              {self ? null : (
                <div className="admin-row__actions">
                  <label className="visually-hidden" htmlFor={selectId}>
                    Rolle von {nameOf(user)}
                  </label>
                  <select
                    id={selectId}
                    className="input admin-row__select"
                    value={role}
                    onChange={(e) => setChosen({ ...chosen, [user.id]: e.target.value as TRole })}
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="button button--outline button--small"
                    disabled={role === user.role}
                    onClick={() => confirmation.ask({ kind: 'role', user, role })}
                    // The name starts with the visible text (label in name), then says whose role.
                    aria-label={`Rolle ändern: ${nameOf(user)}`}
                  >
                    Rolle ändern
                  </button>
                  <button
                    type="button"
                    className="button button--ghost-danger button--small"
                    onClick={() => confirmation.ask({ kind: 'delete', user })}
                    aria-label={`Löschen: ${nameOf(user)}`}
                  >
                    Löschen
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <ShowMoreButton shown={page.shown} total={users.length} onMore={page.more} />
      <ConfirmDialog
        {...confirmation.dialog}
        title={pending?.kind === 'role' ? 'Rolle ändern?' : 'Benutzer löschen?'}
        confirmLabel={pending?.kind === 'role' ? 'Rolle ändern' : 'Benutzer löschen'}
        busy={changeRole.isPending || remove.isPending}
      >
        {pending?.kind === 'role' ? (
          <p>
            {nameOf(pending.user)} wird {ROLE_LABELS[pending.role]} (bisher {ROLE_LABELS[pending.user.role]}).
          </p>
        ) : pending ? (
          <p>{nameOf(pending.user)} wird mit Profil, Ständen, Bewertungen und eigenen Flohmärkten endgültig gelöscht.</p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
