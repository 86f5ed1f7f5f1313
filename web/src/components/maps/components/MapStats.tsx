import type { ReactNode } from 'react';

/** The stats box in the lower left of a marker map. */
export function MapStats({ title, detail, busy = false }: { title: string; detail: ReactNode; busy?: boolean }) {
  return (
    <div className="map-stats" aria-live="polite" aria-busy={busy || undefined}>
      <p className="map-stats__title">{title}</p>
      <p className="map-stats__detail">{detail}</p>
    </div>
  );
}
