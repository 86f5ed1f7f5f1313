import type { ReactNode } from 'react';
import { failureMessage } from '../lib/error-message';
import '../come-back.css';

interface ComeBackListSectionProps<T> {
  /** Names the section's heading: `{id}-title`. */
  id: string;
  texts: { title: string; lead: string; loading: string; loadFailed: string; none: string };
  /** The read of the list: while it loads and when it fails, said instead of the list. */
  read: { isPending: boolean; isError: boolean; error: Error | null };
  items: readonly T[] | undefined;
  listLabel: string;
  /** One list item (an <li> with its key). */
  renderItem: (item: T) => ReactNode;
  /** Below the list (the form for a new alert). */
  children?: ReactNode;
}

/**
 * A card of /settings with one of the user's lists (issue 34): "Flohmarkt-Alarm" and "Veranstalter, denen
 * du folgst", each with its lead, its loading, failure and empty states, and the list.
 */
export function ComeBackListSection<T>({ id, texts, read, items, listLabel, renderItem, children }: ComeBackListSectionProps<T>) {
  const titleId = `${id}-title`;
  return (
    <section className="card come-back" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {texts.title}
      </h2>
      <p>{texts.lead}</p>
      {read.isPending ? <p role="status">{texts.loading}</p> : null}
      {/* Read with the page, not after an action: shown, not announced (the page's own messages keep role="alert"). */}
      {read.isError ? <p className="notice notice--error">{failureMessage(read.error, texts.loadFailed)}</p> : null}
      {items?.length === 0 ? <p className="muted">{texts.none}</p> : null}
      {items && items.length > 0 ? (
        <ul className="come-back-list" aria-label={listLabel}>
          {items.map((item) => renderItem(item))}
        </ul>
      ) : null}
      {children}
    </section>
  );
}
