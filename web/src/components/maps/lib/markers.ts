import { L } from './leaflet-setup';

export type PinColour = 'red' | 'green' | 'amber' | 'blue' | 'grey';

const FILL: Record<PinColour, string> = {
  red: '#c62828',
  green: '#2e7d32',
  amber: '#b26a00',
  blue: '#2b4162',
  grey: '#90a4ae',
};

const icons = new Map<PinColour, L.DivIcon>();

/**
 * A coloured map pin drawn in SVG (no image request): red for the event on its page, green for
 * confirmed stands, amber for pending ones, grey for stands closed or absent on the event day.
 */
export function pinIcon(colour: PinColour): L.DivIcon {
  const cached = icons.get(colour);
  if (cached) return cached;
  const icon = L.divIcon({
    className: `map-pin map-pin--${colour}`,
    html: `<svg viewBox="0 0 28 40" width="28" height="40" aria-hidden="true" focusable="false"><path d="M14 0C6.3 0 0 6.3 0 14c0 10.5 14 26 14 26s14-15.5 14-26C28 6.3 21.7 0 14 0z" fill="${FILL[colour]}" stroke="#fff" stroke-width="2"/><circle cx="14" cy="14" r="5" fill="#fff"/></svg>`,
    iconSize: [28, 40],
    iconAnchor: [14, 40],
    popupAnchor: [0, -36],
  });
  icons.set(colour, icon);
  return icon;
}

/** Bubble diameters by the digits of the count: the server's clusters over Germany reach five digits. */
const CLUSTER_SIZES_PX = [36, 42, 48, 54, 62];

/** A round marker with the number of markers it stands for. */
export function clusterIcon(count: number): L.DivIcon {
  const digits = String(Math.max(1, Math.floor(count))).length;
  const size = CLUSTER_SIZES_PX[Math.min(digits, CLUSTER_SIZES_PX.length) - 1] as number;
  return L.divIcon({
    className: 'map-cluster',
    html: `<span aria-hidden="true">${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}
