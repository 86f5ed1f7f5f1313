/** The most stops one round may have (issue 19: a bigger set is refused with a 400). */
export const MAX_ROUTE_STOPS = 150;

/** Up to this many stops the order is computed exactly (Held–Karp, 2^12 · 12² steps); above it the heuristic. */
export const MAX_EXACT_STOPS = 12;

/** Google Maps directions links take at most this many points (origin, waypoints and destination together). */
export const MAX_POINTS_PER_MAPS_LINK = 9;

/** Average speeds for the time estimate, in metres per second: 4.5 km/h on foot, 15 km/h by bike. */
export const SPEED_M_PER_S = { walk: 4.5 / 3.6, bike: 15 / 3.6 } as const;

/** Default upper bound for the heuristic's improvement phase; the target is 150 stops in < 300 ms in the browser. */
export const DEFAULT_TIME_BUDGET_MS = 200;
