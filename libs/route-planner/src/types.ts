/** A point on the map in WGS84 degrees. */
export type TPoint = { lat: number; lng: number };

/** One stand to visit. */
export type TRouteStop = TPoint & { id: string };

/** Where the round begins: a position (the visitor's, or a typed address once geocoded) or one of the stops. */
export type TRouteStart = TPoint | { stopId: string };

export type TRouteMode = 'walk' | 'bike';

/**
 * A point as the distance function sees it: a stop (its id) or the start position (id null).
 * Street distances (an OSRM table) are looked up by these.
 */
export type TRoutePoint = TPoint & { id: string | null };

/** Metres from a to b. May be asymmetric (one-way streets); must be finite and not negative. */
export type TDistanceFn = (a: TRoutePoint, b: TRoutePoint) => number;

export type TPlanRouteInput = {
  stops: readonly TRouteStop[];
  start: TRouteStart;
  /** true: back to the start at the end (a round trip); false: one way, ending wherever is shortest. */
  loop: boolean;
  mode: TRouteMode;
  /** Default: the straight line (haversine). */
  distance?: TDistanceFn;
  /** Upper bound for the improvement phase of the heuristic (above 12 stops). Default 200 ms. */
  timeBudgetMs?: number;
};

/** One leg of the round; `from`/`to` are stop ids, null where the leg begins or ends at the start position. */
export type TRouteLeg = { from: string | null; to: string | null; distanceM: number };

export type TPlannedRoute = {
  /** Every stop id once, in visiting order (with a stop as start, that stop first). */
  order: string[];
  /** Sum of the legs, in whole metres. */
  distanceM: number;
  legs: TRouteLeg[];
  /** Rough travel time at an average walking or cycling speed, in seconds. */
  durationS: number;
  /** true when the order is proven shortest (exact solver); false for the heuristic's best. */
  exact: boolean;
};
