import { GET_EVENT_ROUTE, type TRouteAnswer } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/api-call';
import type { ShownRoute } from '../lib/route-plan';

/** A round the server drew along paths and streets: its order, legs and way. */
export type StreetRoute = TRouteAnswer & { geometry: 'streets'; track: NonNullable<TRouteAnswer['track']> };

/**
 * The same round planned by the server, when it can follow the streets (the installation has a routing
 * server, ROUTING_URL). The browser's own plan shows at once and offline; this answer replaces it when
 * it comes. null while asking, offline, without a routing server (the answer is 'straight'), or when
 * the server does not know a stand of the round any more.
 */
export function useStreetRoute(eventId: string, route: ShownRoute): StreetRoute | null {
  const query = {
    // Sorted: the same choice in any order is one answer (the server plans its own order anyway).
    stands: [...route.order].sort().join(','),
    start: route.start.kind === 'point' ? `${route.start.point.lat},${route.start.point.lng}` : route.start.standId,
    mode: route.mode,
    loop: route.loop ? ('true' as const) : ('false' as const),
  };
  const { data } = useQuery({
    ...callQueryOptions(GET_EVENT_ROUTE, { params: { id: eventId }, query }),
    enabled: route.order.length > 0,
    staleTime: Infinity,
    retry: false,
  });
  return data?.geometry === 'streets' && data.track ? (data as StreetRoute) : null;
}
