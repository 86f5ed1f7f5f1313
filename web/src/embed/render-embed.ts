import { addressLine, type TEvent, type TStand } from '@flohmarkt/contracts';
import { pointOf } from '@/components/maps/lib/points';
import { eventPhaseLabel, isUnavailable, LIVE_STATE_LABELS, liveStateOf } from '@/features/live-status/api/live-state';
import { isCancelled } from '@/lib/event-status';
import { holderBesides } from '@/lib/exhibitor-name';
import { formatDateTime, formatTime } from '@flohmarkt/contracts';
import { standTitle } from '@/lib/stand-title';
import { el, siteLink } from './dom';
import type { TEventNearby } from './load-embed';
import { paths } from '@/lib/paths';

/** A marker for the framed map: where, its name, the page it opens, and whether it is greyed (closed today). */
export interface EmbedMarker {
  id: string;
  lat: number;
  lng: number;
  title: string;
  href: string;
  muted: boolean;
}

export interface EmbedView {
  /** Where the map goes once its library has loaded. */
  mapSlot: HTMLElement;
  markers: EmbedMarker[];
  centre: { lat: number; lng: number } | null;
  /** The zoom around the centre when fewer than two markers give the view. */
  zoom: number;
}

function mapSlot(label: string): HTMLElement {
  return el('div', { class: 'embed-map', role: 'region', 'aria-label': label }, el('p', { class: 'embed-map__loading' }, 'Karte wird geladen …'));
}

function when(event: Pick<TEvent, 'startDateTime' | 'endDateTime'>): string {
  return `${formatDateTime(event.startDateTime)} – ${formatTime(event.endDateTime)} Uhr`;
}

function standItem(stand: TStand, origin: string): HTMLLIElement {
  const state = liveStateOf(stand);
  const categories = stand.categories.length > 0 ? stand.categories.join(', ') : null;
  const title = standTitle(stand);
  const holder = holderBesides(stand, title);
  return el(
    'li',
    { class: `embed-list__item${isUnavailable(state) ? ' embed-list__item--muted' : ''}`, 'data-stand-id': stand.id },
    siteLink(`${origin}${paths.stand(stand.id)}`, title, 'embed-list__link'),
    ' ',
    holder ? el('span', { class: 'embed-list__holder' }, holder) : null,
    // A numbered stand's title is its number: its address follows (an unnumbered one is titled by it).
    stand.address && stand.standNumber?.trim() ? el('span', { class: 'embed-list__meta' }, addressLine(stand.address)) : null,
    state ? el('span', { class: `embed-badge embed-badge--${state}` }, LIVE_STATE_LABELS[state]) : null,
    categories ? el('span', { class: 'embed-list__meta' }, categories) : null,
  );
}

/** /embed/events/{id}: the event's name, time and place, the map, and its stands as a list (the site's header and footer left out). */
export function renderEventEmbed(root: HTMLElement, event: TEvent, stands: readonly TStand[], origin: string): EmbedView {
  const phase = eventPhaseLabel(event);
  const cancelled = isCancelled(event);
  const slot = mapSlot(`Karte: ${event.name}`);
  const sorted = [...stands].sort((a, b) => (a.standNumber ?? '').localeCompare(b.standNumber ?? '', 'de', { numeric: true }));
  root.replaceChildren(
    el(
      'header',
      { class: 'embed-head' },
      el('h1', { class: 'embed-head__title' }, siteLink(`${origin}${paths.event(event.id)}`, event.name)),
      el(
        'p',
        { class: 'embed-head__meta' },
        when(event),
        phase ? el('span', { class: 'embed-badge embed-badge--phase' }, phase) : null,
        cancelled ? el('span', { class: 'embed-badge embed-badge--cancelled' }, 'Abgesagt') : null,
      ),
      el('p', { class: 'embed-head__meta' }, event.location),
    ),
    slot,
    el('h2', { class: 'embed-list__title', id: 'embed-stands-title' }, stands.length === 1 ? '1 Stand' : `${stands.length} Stände`),
    stands.length > 0
      ? el('ul', { class: 'embed-list', 'aria-labelledby': 'embed-stands-title' }, ...sorted.map((s) => standItem(s, origin)))
      : el('p', { class: 'embed-empty' }, 'Noch keine bestätigten Stände.'),
    el('p', { class: 'embed-foot' }, siteLink(`${origin}${paths.event(event.id)}`, 'Alle Details auf Flohmarkt ↗')),
  );
  const markers = sorted.flatMap((stand): EmbedMarker[] => {
    const point = pointOf(stand.latitude, stand.longitude);
    if (!point) return [];
    const state = liveStateOf(stand);
    return [
      {
        id: stand.id,
        ...point,
        title: state ? `${standTitle(stand)} (${LIVE_STATE_LABELS[state]})` : standTitle(stand),
        href: `${origin}${paths.stand(stand.id)}`,
        muted: isUnavailable(state),
      },
    ];
  });
  return { mapSlot: slot, markers, centre: pointOf(event.latitude, event.longitude) ?? markers[0] ?? null, zoom: 16 };
}

function kilometres(distance: number | undefined): string | null {
  return distance === undefined ? null : `${distance.toLocaleString('de-DE', { maximumFractionDigits: 1 })} km`;
}

/** /embed/map: the coming markets around a place, nearest first, on the map and as a list. */
export function renderMapEmbed(
  root: HTMLElement,
  events: readonly TEventNearby[],
  place: { lat: number; lng: number; radiusKm: number },
  origin: string,
): EmbedView {
  const slot = mapSlot('Karte: Flohmärkte in der Nähe');
  root.replaceChildren(
    el('header', { class: 'embed-head' }, el('h1', { class: 'embed-head__title' }, `Flohmärkte im Umkreis von ${place.radiusKm.toLocaleString('de-DE')} km`)),
    slot,
    events.length > 0
      ? el(
          'ul',
          { class: 'embed-list', 'aria-label': 'Flohmärkte' },
          ...events.map((event) =>
            el(
              'li',
              { class: 'embed-list__item', 'data-event-id': event.id },
              siteLink(`${origin}${paths.event(event.id)}`, event.name, 'embed-list__link'),
              el('span', { class: 'embed-list__meta' }, [when(event), event.location, kilometres(event.distanceKm)].filter(Boolean).join(' · ')),
            ),
          ),
        )
      : el('p', { class: 'embed-empty' }, 'In diesem Umkreis sind gerade keine Flohmärkte geplant.'),
    el('p', { class: 'embed-foot' }, siteLink(`${origin}${paths.home()}`, 'Mehr auf Flohmarkt ↗')),
  );
  const markers = events.flatMap((event): EmbedMarker[] => {
    const point = pointOf(event.latitude, event.longitude);
    return point ? [{ id: event.id, ...point, title: event.name, href: `${origin}${paths.event(event.id)}`, muted: false }] : [];
  });
  return { mapSlot: slot, markers, centre: { lat: place.lat, lng: place.lng }, zoom: 11 };
}

/** A German sentence where the page would be: a broken snippet, an unknown event, no connection. */
export function renderEmbedError(root: HTMLElement, message: string, origin: string): void {
  root.replaceChildren(
    el('p', { class: 'embed-error', role: 'alert' }, message),
    el('p', { class: 'embed-foot' }, siteLink(`${origin}${paths.home()}`, 'Zu Flohmarkt ↗')),
  );
}
