import type { TDraftListStand, TStand } from '@flohmarkt/contracts';
import { Link } from 'react-router-dom';
import { busyButton } from '@/components/ui/busy-button';
import { CategoryBadges } from '@/components/stands/CategoryBadges';
import { ConfirmationTag } from '@/components/stands/ConfirmationTag';
import { RejectionReason, StandStatusBadge } from '@/components/stands/StandStatusBadge';
import { holderBesides } from '@/lib/exhibitor-name';
import { standTitle } from '@/lib/stand-title';
import { paths } from '@/lib/paths';

/** The id of a registration's row, so a duplicate hint can point at it on the page. */
export const draftRowId = (standId: string) => `anmeldung-${standId}`;

interface DraftStandItemProps {
  stand: TDraftListStand;
  /** The registrations on screen, to name a duplicate that is among them. */
  shown: ReadonlyMap<string, TDraftListStand>;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onApprove: () => void;
  onReject: () => void;
  busy: boolean;
}

/** A registration's first decision button: where the focus goes when a neighbouring row was decided. */
export const firstDecisionButton = (standId: string) =>
  document.getElementById(draftRowId(standId))?.querySelector<HTMLElement>('.drafts__actions button') ?? null;

/** A stand and its seller as one line ("Stand #3 · Anna M."), the name once where it is the stand's title too. */
export function standAndSeller(stand: TStand): string {
  const title = standTitle(stand);
  const who = holderBesides(stand, title);
  return who ? `${title} · ${who}` : title;
}

/** One registration of the review list: a checkbox to choose it, what it offers, its status, a duplicate hint, and the two decisions. */
export function DraftStandItem({ stand, shown, selected, onSelect, onApprove, onReject, busy }: DraftStandItemProps) {
  const title = standTitle(stand);
  const who = holderBesides(stand, title);
  return (
    <li id={draftRowId(stand.id)} className={`drafts__item${selected ? ' drafts__item--selected' : ''}`}>
      <input
        type="checkbox"
        className="drafts__check"
        checked={selected}
        onChange={(e) => onSelect(e.target.checked)}
        aria-label={`${standAndSeller(stand)} auswählen`}
      />
      <div className="drafts__text">
        <p className="drafts__title">
          {/* One piece of text in the flex line, the no-break space inside it: a wrapped line never starts with the dot. */}
          <span>
            <Link to={paths.stand(stand.id)}>{title}</Link>
            {who ? `\u00a0· ${who}` : null}
          </span>
          {stand.exhibitorId ? null : <span className="badge">Gast</span>} <StandStatusBadge status={stand.status} waitlistPosition={stand.waitlistPosition} />{' '}
          <ConfirmationTag stand={stand} />
        </p>
        {stand.description ? <p className="drafts__description">{stand.description}</p> : null}
        {/* How to reach the person (issue 30): the seller's account address or the guest's given one. A long address wraps, never widens a phone. */}
        {stand.contactEmail ? (
          <p className="drafts__contact" style={{ overflowWrap: 'anywhere' }}>
            E-Mail: <a href={`mailto:${stand.contactEmail}`}>{stand.contactEmail}</a>
          </p>
        ) : null}
        <RejectionReason stand={stand} label="Deine Begründung" />
        <CategoryBadges stand={stand} />
        {stand.duplicateOf.length > 0 ? <DuplicateHint ids={stand.duplicateOf} shown={shown} /> : null}
      </div>
      <div className="drafts__actions">
        {stand.status !== 'approved' ? (
          // Not `disabled` while busy: the pressed button keeps the focus until the row has gone.
          <button type="button" className="button button--primary button--small" onClick={busy ? undefined : onApprove} {...busyButton(busy)}>
            Freigeben
          </button>
        ) : null}
        {stand.status !== 'rejected' ? (
          <button type="button" className="button button--ghost-danger button--small" onClick={onReject}>
            Ablehnen
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** A duplicate the status filter hides (decided already, say): the list knows only its id. */
function hiddenName(hidden: string[], id: string): string {
  return hidden.length > 1 ? `einer ausgeblendeten Anmeldung (${hidden.indexOf(id) + 1})` : 'einer ausgeblendeten Anmeldung';
}

/**
 * 'Mögliches Duplikat': same person's name or within 20 m of another registration at this event.
 * A duplicate on screen is linked by its row; one the filter hides, by its stand page.
 */
function DuplicateHint({ ids, shown }: { ids: string[]; shown: ReadonlyMap<string, TDraftListStand> }) {
  const hidden = ids.filter((id) => !shown.has(id));
  return (
    <p className="drafts__duplicate" role="note">
      <span className="badge">Mögliches Duplikat</span> von{' '}
      {ids.map((id, i) => {
        const other = shown.get(id);
        return (
          <span key={id}>
            {other ? <a href={`#${draftRowId(id)}`}>{standAndSeller(other)}</a> : <Link to={paths.stand(id)}>{hiddenName(hidden, id)}</Link>}
            {/* The comma after the link, so a line never begins with it. */}
            {i < ids.length - 1 ? ', ' : null}
          </span>
        );
      })}
    </p>
  );
}
