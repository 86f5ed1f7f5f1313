import { formatEventSpan, type TEvent } from '@flohmarkt/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { isCancelled } from '@/lib/event-status';
import { paths } from '@/lib/paths';
import { useSeries } from '../api/get-series';
import { seriesWindow } from '../lib/series-window';
import '../series-dates.css';

interface SeriesDateItemProps {
  date: TEvent;
  current: boolean;
  /** The market of the page: a date with another name (renamed alone) says its own. */
  pageName: string;
  now: number;
}

function SeriesDateItem({ date, current, pageName, now }: SeriesDateItemProps) {
  const cancelled = isCancelled(date);
  const past = Date.parse(date.endDateTime) < now;
  const span = formatEventSpan(date.startDateTime, date.endDateTime);
  const classes = ['series-date', current && 'series-date--current', past && 'series-date--past'].filter(Boolean).join(' ');
  return (
    <li className={classes}>
      <Link className="series-date__link" to={paths.event(date.id)} aria-current={current ? 'page' : undefined}>
        {cancelled ? <s>{span}</s> : span}
      </Link>
      {current ? <span className="badge series-date__tag">dieser Termin</span> : null}
      {cancelled ? <span className="badge badge--cancelled series-date__tag">abgesagt</span> : null}
      {past && !cancelled ? <span className="visually-hidden">(vorbei)</span> : null}
      {date.name !== pageName ? <span className="series-date__name">{date.name}</span> : null}
    </li>
  );
}

/**
 * „Termine dieser Reihe“ (issue 34): the other dates of a market that repeats, each its own market
 * with its own page. Cancelled dates stay in the list, struck through, so a seller who kept one
 * learns it is off; past ones are greyed. An extra beside the market: while it loads, or when the
 * series cannot be read, the page goes on without it.
 */
export function SeriesDatesCard({ event }: { event: TEvent }) {
  const series = useSeries(event.seriesId);
  const [all, setAll] = useState(false);
  const titleId = useId();
  const dates = series.data?.events ?? [];
  if (dates.length < 2) return null;

  const shown = all ? dates : seriesWindow(dates, event.id);
  const now = Date.now();
  return (
    <section className="card series-dates" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        Termine dieser Reihe
      </h2>
      <ol className="series-dates__list">
        {shown.map((date) => (
          <SeriesDateItem key={date.id} date={date} current={date.id === event.id} pageName={event.name} now={now} />
        ))}
      </ol>
      {shown.length < dates.length ? (
        <button type="button" className="button button--outline series-dates__all" onClick={() => setAll(true)}>
          Alle {dates.length} Termine zeigen
        </button>
      ) : null}
    </section>
  );
}
