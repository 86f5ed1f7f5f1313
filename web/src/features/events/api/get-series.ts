import { GET_SERIES } from '@flohmarkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/api-call';

/** Every date of a series (issue 34), keyed by the call's declaration like every other read. */
export const seriesQueryOptions = (id: string) => callQueryOptions(GET_SERIES, { params: { id } });

export function useSeries(id: string | null) {
  return useQuery({ ...seriesQueryOptions(id ?? ''), enabled: Boolean(id) });
}
