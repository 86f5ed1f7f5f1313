import { TEAM_ROLE_LABELS, formatDateTime, type TTeamInvite } from '@flohmarkt/contracts';
import { FormMessage } from '@/components/form/Field';
import { useRevokeTeamInvite } from '../api/team';

/** The organiser's open invites: each with its role and expiry, to take back ("Zurückziehen": the code stops working at once). */
export function OpenInvites({ eventId, invites }: { eventId: string; invites: TTeamInvite[] }) {
  const revoke = useRevokeTeamInvite(eventId);
  return (
    <section className="team-section" aria-labelledby="team-invites-title">
      <h2 id="team-invites-title" className="section-title">
        Offene Einladungen
      </h2>
      {revoke.isError ? <FormMessage message={revoke.error.message} /> : null}
      {invites.length === 0 ? (
        <p className="field-hint">Keine offenen Einladungen.</p>
      ) : (
        <ul className="team-list">
          {invites.map((invite) => (
            <li key={invite.code} className="team-row">
              <div className="team-row__text">
                <span className="team-code team-code--small">{invite.code}</span>
                <span>{TEAM_ROLE_LABELS[invite.role]}</span>
                <span className="team-row__meta">gilt bis {formatDateTime(invite.expiresAt)} Uhr</span>
              </div>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`Einladung ${invite.code} zurückziehen`}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(invite.code)}
              >
                Zurückziehen
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
