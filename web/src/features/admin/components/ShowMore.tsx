import { useState } from 'react';

export const PAGE_SIZE = 25;

/** Renders long admin lists in steps, so thousands of rows never land in the page at once. */
export function useShownCount(total: number) {
  const [shown, setShown] = useState(PAGE_SIZE);
  return { shown: Math.min(shown, total), more: () => setShown((n) => n + PAGE_SIZE), hasMore: shown < total };
}

/** `busy` while the next rows are being read from the server. */
export function ShowMoreButton({ shown, total, onMore, busy = false }: { shown: number; total: number; onMore: () => void; busy?: boolean }) {
  if (shown >= total) return null;
  return (
    <div className="admin-more">
      <span className="muted">
        {shown.toLocaleString('de-DE')} von {total.toLocaleString('de-DE')} angezeigt
      </span>
      <button type="button" className="button button--outline button--small" onClick={onMore} disabled={busy} aria-busy={busy}>
        Weitere anzeigen
      </button>
    </div>
  );
}
