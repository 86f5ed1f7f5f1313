import { TEAM_ROLE_LABELS, formatDate, type TTeamMember } from '@flohmarkt/contracts';
import { FormMessage } from '@/components/form/Field';
import { ConfirmDialog, useConfirmation } from '@/components/ui/ConfirmDialog';
import { useRemoveTeamMember } from '../api/team';

/** A member by display name; someone without a name (not heard of yet) is named by their role. */
export function memberName(member: TTeamMember): string {
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ').trim();
  return name === '' ? `Ein:e ${TEAM_ROLE_LABELS[member.role]}` : name;
}

/** The members with role and since when; the organiser removes one after a question, a co-organiser only reads. */
export function TeamMembers({ eventId, members, mayRemove }: { eventId: string; members: TTeamMember[]; mayRemove: boolean }) {
  const remove = useRemoveTeamMember(eventId);
  const toRemove = useConfirmation<TTeamMember>((member, done) => remove.mutate(member.userId, { onSettled: done }));
  return (
    <section className="team-section" aria-labelledby="team-members-title">
      <h2 id="team-members-title" className="section-title">
        Mitglieder
      </h2>
      {remove.isError ? <FormMessage message={remove.error.message} /> : null}
      {members.length === 0 ? (
        <p className="field-hint">Noch niemand im Team. Lade Helfer:innen oder Mitveranstalter:innen mit einem Code ein.</p>
      ) : (
        <ul className="team-list">
          {members.map((member) => (
            <li key={member.userId} className="team-row">
              <div className="team-row__text">
                <strong>{memberName(member)}</strong>
                <span>{TEAM_ROLE_LABELS[member.role]}</span>
                <span className="team-row__meta">seit {formatDate(member.joinedAt)}</span>
              </div>
              {mayRemove ? (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`${memberName(member)} entfernen`}
                  onClick={() => toRemove.ask(member)}
                >
                  Entfernen
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog {...toRemove.dialog} title="Aus dem Team entfernen?" confirmLabel="Entfernen" busy={remove.isPending}>
        <p>
          {toRemove.subject
            ? `${memberName(toRemove.subject)} verliert sofort alle Rechte an diesem Flohmarkt. Mit den bisherigen Einladungscodes kommt die Person nicht wieder ins Team, nur mit einer neuen Einladung.`
            : null}
        </p>
      </ConfirmDialog>
    </section>
  );
}
