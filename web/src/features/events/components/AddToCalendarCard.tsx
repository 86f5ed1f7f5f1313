import { GET_EVENT_CALENDAR } from '@flohmarkt/contracts';
import { callUrl } from '@/lib/api-call';

/**
 * "Zum Kalender hinzufügen": the event as an iCalendar file from the server (RFC 5545, Berlin time,
 * place and link to this page; a cancellation reaches the calendar when the file is opened again).
 * Calendar apps on phones and desktops open the download themselves.
 */
export function AddToCalendarCard({ eventId }: { eventId: string }) {
  return (
    <section className="card add-to-calendar" aria-labelledby="add-to-calendar-title">
      <h2 id="add-to-calendar-title" className="card__title">
        Nicht vergessen
      </h2>
      <a className="button button--outline" href={callUrl(GET_EVENT_CALENDAR, { params: { id: eventId } })} download>
        Zum Kalender hinzufügen
      </a>
      <p className="muted">Als Kalenderdatei (.ics) für Google, Apple, Outlook und andere Kalender.</p>
    </section>
  );
}
