import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { citiesResponseSchema, type CitySuggestion } from '@lanyard/shared/application';
import { api, ApiError } from '@/lib/api-client';

/** Spec §9: no suggestions within 5 s counts as a failure (the applicant types the city instead). */
export const CITY_LOOKUP_TIMEOUT_MS = 5_000;
export const CITY_QUERY_MIN_LENGTH = 2;

/** GET /api/places/cities?q=: at most 10 cities from the server's offline list. */
export async function searchCities(q: string, signal?: AbortSignal): Promise<CitySuggestion[]> {
  const timeout = AbortSignal.timeout(CITY_LOOKUP_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const { cities } = await api.get(`/api/places/cities?q=${encodeURIComponent(q)}`, {
      schema: citiesResponseSchema,
      signal: combined,
    });
    return cities;
  } catch (err) {
    if (timeout.aborted && !signal?.aborted) throw new ApiError(0, 'City suggestions timed out', 'timeout');
    throw err;
  }
}

export const citySearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['places', 'cities', q.toLowerCase()],
    queryFn: ({ signal }) => searchCities(q, signal),
    enabled: q.length >= CITY_QUERY_MIN_LENGTH,
    staleTime: 10 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
