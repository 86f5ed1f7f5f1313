import { MARKET_DAY_MESSAGES, TEAM_ROLES, TEAM_ROLE_LABELS, type TTeamInvite, type TTeamRole } from '@flohmarkt/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FieldText, FormMessage } from '@/components/form/Field';
import { FormActions } from '@/components/form/FormCard';
import { useCreateTeamInvite } from '../api/team';
import { defaultExpiry, expiryToIso, latestExpiry, toLocalInput } from '../lib/invite-expiry';
import { CREATED_INVITE_TITLE, CreatedInvite } from './CreatedInvite';

/** What each role may do, one line each (server-kit's event-management.ts is the rule). */
const ROLE_LINES: Record<TTeamRole, string> = {
  'co-organizer': 'Darf alles wie du: bearbeiten, Anmeldungen prüfen, Stände nummerieren. Nur löschen, absagen und das Team verwalten nicht.',
  helper: 'Checkt am Markttag Stände ein und trägt spontane Stände ein, sonst nichts.',
};

/**
 * A double tap's second press comes after the first one's answer (an invite is made in a blink), so
 * neither the busy button nor the submission's Idempotency-Key holds it: within this long after an
 * invite was made, a press is that second half, not a second invite.
 */
const DOUBLE_TAP_MS = 1500;

/** The organiser's "Einladen": a role, how long the invite stays open, then the code and its link. */
export function InviteForm({ eventId, eventName, eventEnd }: { eventId: string; eventName: string; eventEnd: string }) {
  const [role, setRole] = useState<TTeamRole>('helper');
  const [expiry, setExpiry] = useState(() => defaultExpiry(eventEnd, new Date()));
  const [expiryError, setExpiryError] = useState<string | undefined>();
  const [created, setCreated] = useState<TTeamInvite | null>(null);
  const create = useCreateTeamInvite(eventId);
  // The server's refusal of the expiry goes to the field; any other to the form.
  const serverMessage = create.error?.message;
  const expiryMessage = expiryError ?? (serverMessage === MARKET_DAY_MESSAGES.invalidExpiry ? serverMessage : undefined);
  const formMessage = serverMessage === MARKET_DAY_MESSAGES.invalidExpiry ? undefined : serverMessage;
  // The new invite appears below the form, off a phone's screen: its title takes the focus.
  useEffect(() => {
    const title = created ? document.getElementById(CREATED_INVITE_TITLE) : null;
    title?.scrollIntoView?.({ block: 'start' });
    title?.focus();
  }, [created]);

  const madeAt = useRef(Number.NEGATIVE_INFINITY);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || Date.now() - madeAt.current < DOUBLE_TAP_MS) return;
    const expiresAt = expiryToIso(expiry);
    if (expiresAt === null || Date.parse(expiresAt) <= Date.now() || Date.parse(expiresAt) > latestExpiry(new Date()).getTime()) {
      setExpiryError(MARKET_DAY_MESSAGES.invalidExpiry);
      document.getElementById('team-invite-expiry')?.focus();
      return;
    }
    setExpiryError(undefined);
    setCreated(null);
    create.mutate(
      { role, expiresAt },
      {
        onSuccess: (invite) => {
          madeAt.current = Date.now();
          setCreated(invite);
        },
      },
    );
  };

  return (
    <section className="card team-invite" aria-labelledby="team-invite-title">
      <h2 id="team-invite-title" className="section-title">
        Ins Team einladen
      </h2>
      <form className="team-invite__form" onSubmit={submit} noValidate>
        <fieldset className="form-group">
          <legend className="form-group__title">Rolle</legend>
          {TEAM_ROLES.map((value) => (
            <label key={value} className="checkbox team-invite__role">
              <input type="radio" name="team-role" value={value} checked={role === value} onChange={() => setRole(value)} />
              <span>
                <strong>{TEAM_ROLE_LABELS[value]}</strong>
                <span className="team-invite__role-line">{ROLE_LINES[value]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field-label" htmlFor="team-invite-expiry">
            Gültig bis
          </label>
          <input
            id="team-invite-expiry"
            type="datetime-local"
            className="input team-invite__expiry"
            value={expiry}
            min={toLocalInput(new Date())}
            max={toLocalInput(latestExpiry(new Date()))}
            aria-invalid={expiryMessage ? true : undefined}
            aria-describedby={expiryMessage ? 'team-invite-expiry-error' : 'team-invite-expiry-hint'}
            onChange={(event) => {
              setExpiry(event.target.value);
              setExpiryError(undefined);
            }}
          />
          {expiryMessage ? (
            <FieldText id="team-invite-expiry" kind="error" text={expiryMessage} />
          ) : (
            <FieldText id="team-invite-expiry" kind="hint" text="Höchstens 30 Tage. Danach gilt der Code nicht mehr." />
          )}
        </div>
        <FormMessage message={formMessage} />
        <FormActions label="Einladung erstellen" busy={create.isPending} busyLabel="Wird erstellt …" />
      </form>
      {created ? <CreatedInvite invite={created} eventName={eventName} /> : null}
    </section>
  );
}
