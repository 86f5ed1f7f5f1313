import { SIGN_IN, directionsUrl, type TLatLng } from '@flohmarkt/contracts';
import { paths } from '@/lib/paths';
import { callUrl } from './api-call';

/** The public link of an event page (shared and encoded in the QR code). */
export function eventPageUrl(eventId: string, origin: string = window.location.origin): string {
  return `${origin}${paths.event(eventId)}`;
}

/** Route planning to the event or a stand on OpenStreetMap (start left open for the visitor to fill in): the mails' rule too. */
export function navigationUrl(point: TLatLng): string {
  return directionsUrl(point);
}

/** 'tel:' needs the number without spaces and separators (a leading + stays). */
export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** Sign-in that returns to the given page afterwards (the gateway keeps a same-origin returnTo). */
export function loginUrl(returnTo: string): string {
  return callUrl(SIGN_IN, { query: { returnTo } });
}
