import { useEffect, useRef, type ReactNode } from 'react';
import { takeLostFocus } from '@/lib/take-lost-focus';
import { failureMessage } from '../lib/error-message';
import type { ListDone } from '../lib/list-done';
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
  /** What the last press in the list did (useListDone). */
  done?: ListDone | null;
  /** Below the list (the form for a new alert). */
  children?: ReactNode;
}

/**
 * A card of /settings with one of the user's lists (issue 34): "Flohmarkt-Alarm" and "Veranstalter, denen
 * du folgst", each with its lead, its loading, failure and empty states, and the list.
 */
export function ComeBackListSection<T>({ id, texts, read, items, listLabel, renderItem, done, children }: ComeBackListSectionProps<T>) {
  const titleId = `${id}-title`;
  const message = useRef<HTMLParagraphElement>(null);
  const focused = useRef(0);
  // The pressed button leaves with what it did („Löschen“, „Nicht mehr folgen“, „E-Mails wieder erhalten“), in the
  // render that shows the message or a later one (the list's cache tells its readers a moment after): the sentence
  // saying so then takes the focus the browser dropped to the page (a screen reader would start over at the top).
  // Each message once; someone who went on meanwhile keeps their focus.
  useEffect(() => {
    if (!done || focused.current === done.key) return;
    takeLostFocus(() => message.current);
    if (message.current && document.activeElement === message.current) focused.current = done.key;
  });
  return (
    <section className="card come-back" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {texts.title}
      </h2>
      <p>{texts.lead}</p>
      {done ? (
        <p key={done.key} className="success-message come-back__done" role="status" tabIndex={-1} ref={message}>
          {done.text}
        </p>
      ) : null}
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
