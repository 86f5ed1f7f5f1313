import type { TEvent, TStand } from '@flohmarkt/contracts';
import { readErrorBody } from '@/lib/api-error';

/*
 * The framed page's reads, with fetch alone: the app's API client, query client and router stay out of the
 * embed's small script. A framed page on another site sends no session cookie (SameSite=Lax), so these are
 * anonymous reads of public data. Its three URLs are written here rather than taken from the call
 * declarations (whose zod schemas would come along into this script); load-embed.spec.ts holds them to GET_EVENT,
 * LIST_EVENT_STANDS and LIST_EVENTS.
 */

export class EmbedLoadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal });
  } catch {
    throw new EmbedLoadError('Keine Verbindung zu Flohmarkt. Bitte später erneut versuchen.', 0);
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) throw new EmbedLoadError(readErrorBody(body).message ?? 'Die Daten konnten nicht geladen werden.', res.status);
  return body as T;
}

/** The event and its approved stands (the public list; a signed-in organiser opening the page directly sees no drafts here either). */
export async function loadEventEmbed(eventId: string, signal?: AbortSignal): Promise<{ event: TEvent; stands: TStand[] }> {
  const id = encodeURIComponent(eventId);
  const [event, stands] = await Promise.all([getJson<TEvent>(`/api/events/${id}`, signal), getJson<TStand[]>(`/api/events/${id}/stands`, signal)]);
  return { event, stands: stands.filter((s) => s.status === 'approved') };
}

export type TEventNearby = TEvent & { distanceKm?: number };

/** Upcoming and running events around the place, nearest first (at most 50). */
export function loadMapEmbed(target: { lat: number; lng: number; radiusKm: number }, signal?: AbortSignal): Promise<TEventNearby[]> {
  const search = new URLSearchParams({
    lat: String(target.lat),
    lng: String(target.lng),
    radiusKm: String(target.radiusKm),
    upcoming: 'true',
    sort: 'distance',
    limit: '50',
  });
  return getJson<TEventNearby[]>(`/api/events?${search.toString()}`, signal);
}
