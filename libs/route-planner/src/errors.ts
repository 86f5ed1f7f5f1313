import { ROUTE_MESSAGES } from './messages.js';

export type TRoutePlanErrorCode =
  'TOO_MANY_STOPS' | 'DUPLICATE_STOP' | 'UNKNOWN_START_STOP' | 'UNKNOWN_STOP' | 'INVALID_STOP' | 'INVALID_START' | 'INVALID_MODE' | 'INVALID_DISTANCE';

/**
 * Bad input for the planner. Every code but INVALID_DISTANCE is the caller's mistake (a 400 with
 * `message`); INVALID_DISTANCE means the distance source (a routing server) gave no usable figure.
 */
export class RoutePlanError extends Error {
  override readonly name = 'RoutePlanError';
  constructor(
    readonly code: TRoutePlanErrorCode,
    message: string,
    /** The offending stop id, where there is one. */
    readonly stopId?: string,
  ) {
    super(message);
  }
}

export function isRoutePlanError(error: unknown): error is RoutePlanError {
  return error instanceof RoutePlanError;
}

export const routeErrors = {
  tooManyStops: (count: number) => new RoutePlanError('TOO_MANY_STOPS', ROUTE_MESSAGES.tooManyStops(count)),
  duplicateStop: (id: string) => new RoutePlanError('DUPLICATE_STOP', ROUTE_MESSAGES.duplicateStop, id),
  unknownStartStop: (id: string) => new RoutePlanError('UNKNOWN_START_STOP', ROUTE_MESSAGES.unknownStartStop, id),
  unknownStop: (id: string) => new RoutePlanError('UNKNOWN_STOP', ROUTE_MESSAGES.unknownStop, id),
  invalidStop: (id: string) => new RoutePlanError('INVALID_STOP', ROUTE_MESSAGES.invalidStop, id),
  invalidStart: () => new RoutePlanError('INVALID_START', ROUTE_MESSAGES.invalidStart),
  invalidMode: () => new RoutePlanError('INVALID_MODE', ROUTE_MESSAGES.invalidMode),
  invalidDistance: () => new RoutePlanError('INVALID_DISTANCE', ROUTE_MESSAGES.invalidDistance),
};
