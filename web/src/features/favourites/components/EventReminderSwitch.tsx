import { eveningBefore, type TEventTimeFacts } from '@flohmarkt/contracts';
import { useId } from 'react';
import { useEventReminder } from '../api/event-reminder';
import { mayRemind } from '../lib/reminders';
import '../favourites.css';

interface EventReminderSwitchProps {
  event: TEventTimeFacts & { id: string };
  /** The event's name, for screen readers where several switches are on one page (the landing list). */
  label: string;
  /** In a list row: smaller, beside the heart. */
  compact?: boolean;
}

/**
 * "Am Vorabend erinnern" beside an event's heart (issue 34): a real checkbox announced as a switch, for
 * a signed-in user who keeps the event, until the market's own day begins in Berlin (mayRemind): on
 * the day no mail of the evening before comes, so nothing promises one. Signed out only the heart shows.
 */
export function EventReminderSwitch({ event, label, compact = false }: EventReminderSwitchProps) {
  const reminder = useEventReminder(event.id);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const now = new Date();
  if (!reminder.available || !mayRemind(event, now)) return null;
  // From 18:00 the evening before, the mail of that evening goes (or went) out: no hour still to come.
  const tonight = now >= eveningBefore(new Date(event.startDateTime));

  return (
    <div className={`reminder-switch${compact ? ' reminder-switch--compact' : ''}`}>
      <label className="switch" htmlFor={inputId}>
        <input
          id={inputId}
          type="checkbox"
          role="switch"
          className="switch__input"
          checked={reminder.on}
          aria-describedby={hintId}
          onChange={(change) => reminder.set(change.target.checked)}
        />
        <span className="switch__track" aria-hidden="true" />
        <span>
          Am Vorabend erinnern<span className="visually-hidden">: {label}</span>
        </span>
      </label>
      <p id={hintId} className="reminder-switch__hint">
        {/* "E-Mail" stays whole: a narrow phone would otherwise break it at its hyphen. */}
        Wir schicken dir {tonight ? 'heute Abend' : 'am Vorabend um 18 Uhr'} eine <span className="reminder-switch__nowrap">E-Mail</span>.
      </p>
    </div>
  );
}
