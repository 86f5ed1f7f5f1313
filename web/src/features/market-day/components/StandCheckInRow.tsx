import { CONFIRMATION_STATE_LABELS, LIVE_STATE_LABELS, formatTime, type TCheckInState } from '@flohmarkt/contracts';
import { standTitle } from '@/lib/stand-title';
import type { DayStand } from '../lib/day-view';

interface StandCheckInRowProps {
  stand: DayStand;
  /** Whether the confirmation tags mean anything (the market asks for reconfirmation). */
  reconfirmation: boolean;
  onTick: (standId: string, state: TCheckInState) => void;
  /** Outside the check-in window: the id of the sentence saying when ticking is possible; the buttons wait. */
  closedBy?: string;
}

/** The row's id: a stand just entered on the spot is linked to it (WalkUpSection). */
export const dayStandRowId = (standId: string) => `tag-stand-${standId}`;

/** When the tick that counts was made and by whom ("Da um 08:12 · Max M."), for a tick the server has. */
function ticked(stand: DayStand): string | null {
  if (stand.checkIn === 'unknown' || stand.unsynced || !stand.checkInAt) return null;
  const when = `${stand.checkIn === 'present' ? 'Da' : 'Nicht da'} um ${formatTime(stand.checkInAt)}`;
  return stand.checkInBy ? `${when} · ${stand.checkInBy}` : when;
}

function address(stand: DayStand): string | null {
  if (!stand.street) return null;
  return stand.houseNumber ? `${stand.street} ${stand.houseNumber}` : stand.street;
}

/**
 * One stand of the walk: who and where, its answer and live state, and the two big buttons. Tapping
 * the pressed one takes the tick back to "offen" (a mistap on a phone is undone where it was made).
 */
export function StandCheckInRow({ stand, reconfirmation, onTick, closedBy }: StandCheckInRowProps) {
  const where = address(stand);
  const tick = ticked(stand);
  // Called as on every other page: 'Stand #12', a typed name as it is, else the address or the name.
  const title = standTitle(stand);
  const press = (state: Exclude<TCheckInState, 'unknown'>) => onTick(stand.id, stand.checkIn === state ? 'unknown' : state);
  return (
    <li id={dayStandRowId(stand.id)} className={`day-stand day-stand--${stand.checkIn}${stand.tickable ? '' : ' day-stand--released'}`} aria-label={title}>
      <div className="day-stand__who">
        <p className="day-stand__label">{title}</p>
        {/* A stand without number or address is called by its holder's name already. */}
        {stand.name && stand.name !== title ? <p className="day-stand__name">{stand.name}</p> : null}
        {/* A stand called by its address ("Kastanienallee 10") is not told its address twice. */}
        {where && where !== title ? <p className="day-stand__where">{where}</p> : null}
        <p className="day-stand__tags">
          {stand.walkUp ? <span className="day-tag day-tag--walk-up">Spontan</span> : null}
          {!stand.tickable ? (
            <span className="day-tag day-tag--released">Platz frei</span>
          ) : reconfirmation ? (
            <span className={`day-tag day-tag--${stand.confirmation}`}>{CONFIRMATION_STATE_LABELS[stand.confirmation]}</span>
          ) : null}
          {stand.liveState ? <span className={`day-tag day-tag--live-${stand.liveState}`}>{LIVE_STATE_LABELS[stand.liveState]}</span> : null}
        </p>
        {/* One line whatever the tick's state, so a tap never moves this row's buttons or the rows below under the finger. */}
        {stand.tickable ? (
          <p className="day-stand__ticked">
            {stand.unsynced ? <span className="day-tag day-tag--unsynced">nicht synchronisiert</span> : (tick ?? 'Nicht abgehakt')}
          </p>
        ) : null}
      </div>
      {stand.tickable ? (
        <div className="day-stand__buttons" role="group" aria-label={`Check-in ${title}`}>
          <button
            type="button"
            className="day-stand__button day-stand__button--present"
            aria-pressed={stand.checkIn === 'present'}
            disabled={closedBy !== undefined}
            aria-describedby={closedBy}
            onClick={() => press('present')}
          >
            Da
          </button>
          <button
            type="button"
            className="day-stand__button day-stand__button--absent"
            aria-pressed={stand.checkIn === 'absent'}
            disabled={closedBy !== undefined}
            aria-describedby={closedBy}
            onClick={() => press('absent')}
          >
            Nicht da
          </button>
        </div>
      ) : null}
    </li>
  );
}
