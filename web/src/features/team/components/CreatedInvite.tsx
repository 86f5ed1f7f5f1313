import { TEAM_ROLE_LABELS, formatDateTime, type TTeamInvite } from '@flohmarkt/contracts';
import { useState } from 'react';

/** The invite's title, which takes the focus once it is made (InviteForm). */
export const CREATED_INVITE_TITLE = 'team-created-title';

/** "Kopiert" or why not, said where the buttons are (no toast: the person's eyes are on the code). */
type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The invite just made: the code large and spaced (read aloud or typed on a phone), the link to
 * copy, and "Teilen" where the browser has a share sheet (a messenger on the phone).
 */
export function CreatedInvite({ invite, eventName }: { invite: TTeamInvite; eventName: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const role = TEAM_ROLE_LABELS[invite.role];

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(invite.url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: `Einladung ins Team: ${eventName}`, text: `Du bist als ${role} eingeladen. Code: ${invite.code}`, url: invite.url });
    } catch {
      // Closing the share sheet is no error; the code and link stay on screen to pass on another way.
    }
  };

  return (
    <section className="card team-created" aria-labelledby={CREATED_INVITE_TITLE}>
      <h3 id={CREATED_INVITE_TITLE} className="team-created__title" tabIndex={-1}>
        Einladung als {role}
      </h3>
      <p className="team-created__label">Einladungscode</p>
      {/* Screen readers spell the code character by character (the visible one reads as a word). */}
      <p className="team-code">
        <span aria-hidden="true">{invite.code}</span>
        <span className="visually-hidden">{[...invite.code].join(' ')}</span>
      </p>
      <p className="field-hint">
        Gilt bis {formatDateTime(invite.expiresAt)} Uhr. Wer ihn eingibt oder den Link öffnet, tritt nach der Anmeldung dem Team bei.
      </p>
      <label className="field-label" htmlFor="team-invite-link">
        Link zur Einladung
      </label>
      <input id="team-invite-link" className="input team-created__link" readOnly value={invite.url} onFocus={(event) => event.target.select()} />
      <div className="form-actions team-created__actions">
        <button type="button" className="button button--outline button--small" onClick={() => void copyLink()}>
          Link kopieren
        </button>
        {canShare ? (
          <button type="button" className="button button--outline button--small" onClick={() => void share()}>
            Teilen
          </button>
        ) : null}
      </div>
      <p className="team-created__status" role="status">
        {copy === 'copied' ? 'Link kopiert.' : copy === 'failed' ? 'Kopieren ging nicht. Markiere den Link und kopiere ihn selbst.' : ''}
      </p>
    </section>
  );
}
