import type { TEvent, TStand } from '@flohmarkt/contracts';
import { useSetLiveState } from '../api/set-live-state';
import { LIVE_STATE_LABELS, LIVE_STATES, isEventDay, liveStateOf } from '../api/live-state';
import '../live-status.css';

interface LiveStatusControlsProps {
  stand: TStand;
  event: TEvent | null;
  /** Owner, organiser or admin: the server decides again. */
  allowed: boolean;
}

/** Said when the seller's choice did not take: the market day's team ticked the stand "Nicht da", which stands over it. */
export const TEAM_SAYS_ABSENT =
  'Das Team des Markttags hat deinen Stand als „nicht da“ eingetragen; das sehen die Besucher, bis es dich als „da“ abhakt. Sag dem Veranstalter oder dem Team Bescheid, dass du da bist.';

/** On the event day: four buttons that set the stand's state for visitors ('Wie sieht es gerade aus?'). */
export function LiveStatusControls({ stand, event, allowed }: LiveStatusControlsProps) {
  const mutation = useSetLiveState(stand.id, stand.eventId);
  if (!allowed || !event || stand.status !== 'approved' || !isEventDay(event)) return null;
  const current = liveStateOf(stand);
  // The answer is the stand as visitors see it: another state than the one chosen is the team's "Nicht da".
  const overruled = mutation.isSuccess && mutation.variables !== 'absent' && liveStateOf(mutation.data) === 'absent';
  return (
    <section className="live-controls" aria-labelledby="live-controls-title">
      <h2 id="live-controls-title" className="live-controls__title">
        Status heute
      </h2>
      <div className="live-controls__buttons" role="group" aria-label="Status des Stands heute">
        {LIVE_STATES.map((state) => (
          <button
            key={state}
            type="button"
            className={`button button--small ${current === state ? 'button--primary' : 'button--ghost'}`}
            aria-pressed={current === state}
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(state)}
          >
            {LIVE_STATE_LABELS[state]}
          </button>
        ))}
      </div>
      {overruled ? (
        <p className="notice notice--warning" role="status">
          {TEAM_SAYS_ABSENT}
        </p>
      ) : null}
      {mutation.isError ? (
        <p className="notice notice--error" role="alert">
          {mutation.error.message}
        </p>
      ) : null}
    </section>
  );
}
