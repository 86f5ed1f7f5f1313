import { LIMITS } from '@flohmarkt/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { EventListParams } from '@/features/events/api/get-events';
import { rememberPickedPlace, useLandingGeocode } from '@/features/landing/api/geocode';
import { EventResults } from '@/features/landing/components/EventResults';
import { LazyEventReminderSwitch } from '@/features/favourites/components/LazyEventReminderSwitch';
import { FavouriteButton } from '@/features/favourites/components/FavouriteButton';
import { EventPhaseBadge } from '@/features/live-status/components/EventPhaseBadge';
import { Hero } from '@/features/landing/components/Hero';
import { SearchForm } from '@/features/landing/components/SearchForm';
import { useLandingFilters } from '@/features/landing/lib/use-landing-filters';
import { useRevealResults } from '@/features/landing/lib/use-reveal-results';

const LandingMore = lazy(() => import('@/features/landing/components/LandingMore').then((m) => ({ default: m.LandingMore })));

/**
 * The landing page: search by place and date, the map and the next events, how it works, the
 * benefits and the call to register. The server filters (upcoming, date, 50 km around the place).
 */
export function LandingPage() {
  const filters = useLandingFilters();
  const queryClient = useQueryClient();
  const geocode = useLandingGeocode(filters.place);
  const found = filters.place && geocode.data ? { lat: geocode.data.lat, lng: geocode.data.lng } : null;
  const notFound = filters.place !== '' && geocode.isSuccess && geocode.data === null;
  const placeSettled = filters.place === '' || !geocode.isPending;
  const revealResults = useRevealResults(filters.place, placeSettled, notFound);

  const params: EventListParams = {
    upcoming: true,
    date: filters.date || undefined,
    ...(found ? { lat: found.lat, lng: found.lng, radiusKm: LIMITS.landingSearchRadiusKm } : {}),
  };

  return (
    <>
      <Hero
        search={
          <>
            <SearchForm
              text={filters.text}
              onTextChange={filters.setText}
              onPick={(place) => {
                rememberPickedPlace(queryClient, place);
                filters.choosePlace(place.displayName.trim());
                revealResults(place.displayName);
              }}
              date={filters.date}
              onDateChange={filters.setDate}
              onSearch={() => {
                filters.search();
                revealResults(filters.text);
              }}
              onClear={filters.clear}
              active={filters.active}
            />
            {notFound ? (
              <p className="hero__notice" role="status">
                Zu „{filters.place}“ haben wir keinen Ort gefunden. Versuche es mit einem Ortsnamen oder einer Postleitzahl.
              </p>
            ) : null}
          </>
        }
      />
      <EventResults
        params={params}
        ready={placeSettled}
        active={filters.active}
        found={found}
        place={found ? filters.place : null}
        date={filters.date}
        eventExtra={(event) => (
          <>
            <LazyEventReminderSwitch event={event} label={event.name} compact />
            <EventPhaseBadge event={event} />
            <FavouriteButton kind="events" id={event.id} label={event.name} compact />
          </>
        )}
      />
      <Suspense fallback={null}>
        <LandingMore />
      </Suspense>
    </>
  );
}
