import { ALERT_LABEL_MAX_LENGTH, type TAlert } from '@flohmarkt/contracts';

const degrees = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/** How an alert's place reads in the list: its label, else its point ("52,5200° N, 13,4050° O"). */
export function alertPlace(alert: Pick<TAlert, 'label' | 'lat' | 'lng'>): string {
  const label = alert.label?.trim();
  if (label) return label;
  const lat = `${degrees.format(Math.abs(alert.lat))}° ${alert.lat >= 0 ? 'N' : 'S'}`;
  const lng = `${degrees.format(Math.abs(alert.lng))}° ${alert.lng >= 0 ? 'O' : 'W'}`;
  return `${lat}, ${lng}`;
}

/**
 * The label sent with a new alert: the picked address's name, which the server takes up to
 * ALERT_LABEL_MAX_LENGTH characters. A geocoder's name can be longer ("Straße, Ortsteil, Bezirk,
 * Stadt, PLZ, Land"): then its leading parts that fit, cut at a comma, so the mail still names the place.
 */
export function alertLabel(displayName: string): string {
  const name = displayName.trim();
  if (name.length <= ALERT_LABEL_MAX_LENGTH) return name;
  const head = name.slice(0, ALERT_LABEL_MAX_LENGTH);
  const cut = head.lastIndexOf(',');
  return cut > 0 ? head.slice(0, cut).trim() : `${head.slice(0, ALERT_LABEL_MAX_LENGTH - 1).trimEnd()}…`;
}
