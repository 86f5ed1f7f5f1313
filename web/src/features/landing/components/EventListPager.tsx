interface EventListPagerProps {
  shown: number;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** The message of a failed next page, if any. */
  error?: string;
  onMore: () => void;
}

/** 'Zeige 5 von 123 Flohmärkten', as the event page counts its stands ('Zeige X von Y Ständen'). */
export function shownText(shown: number, total: number): string {
  if (shown < total) return `Zeige ${shown} von ${total} Flohmärkten`;
  return total === 1 ? 'Zeige 1 Flohmarkt' : `Zeige alle ${total} Flohmärkte`;
}

/** Under the landing list: how many of all are shown, and the button for the next 5 while there are more. */
export function EventListPager({ shown, total, hasMore, loadingMore, error, onMore }: EventListPagerProps) {
  return (
    <div className="event-pager">
      <p className="event-pager__count" role="status">
        {shownText(shown, total)}
      </p>
      {error ? <p className="notice notice--error">{error}</p> : null}
      {hasMore ? (
        <button type="button" className="button button--outline event-pager__more" onClick={onMore} disabled={loadingMore} aria-busy={loadingMore || undefined}>
          {loadingMore ? 'Weitere Flohmärkte werden geladen …' : 'Weitere Flohmärkte anzeigen'}
        </button>
      ) : null}
    </div>
  );
}
