import { useState } from 'react';

export const PAGE_SIZE = 25;

/** Renders long admin lists in steps, so thousands of rows never land in the page at once. */
export function useShownCount(total: number) {
  const [shown, setShown] = useState(PAGE_SIZE);
  return { shown: Math.min(shown, total), more: () => setShown((n) => n + PAGE_SIZE), hasMore: shown < total };
}

export function ShowMoreButton({ shown, total, onMore }: { shown: number; total: number; onMore: () => void }) {
  if (shown >= total) return null;
  return (
    <div className="admin-more">
      <span className="muted">
        {shown} von {total} angezeigt
      </span>
      <button type="button" className="button button--outline button--small" onClick={onMore}>
        Weitere anzeigen
      </button>
    </div>
  );
}
