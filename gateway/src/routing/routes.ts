import { PUBLIC_CALLS, type PublicCall, type TRateLimit } from '@flohmarkt/contracts';
import type { TServiceName } from '../config.js';

/**
 * What the gateway needs of a public call to route it and keep its policies: the declaration's
 * (libs/contracts/src/public-api/), for the calls a service answers.
 */
export type RouteSpec = Pick<
  PublicCall,
  'method' | 'path' | 'signIn' | 'cache' | 'upload' | 'errorField' | 'bodyIgnored' | 'endsSession' | 'secretInPath' | 'anyOrigin' | 'idempotent'
> & {
  service: TServiceName;
  /** The sign-in limit is the gateway's own login route's, never a forwarded call's. */
  rateLimit?: Exclude<TRateLimit, 'signIn'>;
};

const answeredByService = (call: PublicCall): call is PublicCall & RouteSpec => call.service !== 'gateway' && call.rateLimit !== 'signIn';

/**
 * Every public API call a service answers, and that service. Anything else under /api is a 404
 * (or one of the gateway's own calls, its controllers'). The service receives the same path
 * without the `/api` prefix.
 */
export const ROUTES: readonly RouteSpec[] = PUBLIC_CALLS.filter(answeredByService);

interface CompiledRoute extends RouteSpec {
  pattern: RegExp;
}

function compile(route: RouteSpec): CompiledRoute {
  const source = route.path
    .split('/')
    .map((segment) => (segment === '*' ? '.+' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { ...route, pattern: new RegExp(`^${source}/?$`) };
}

/** A segment's rank when two paths could both match: a fixed word before a `:name`, a `:name` before the trailing `*`. */
const segmentRank = (segment: string): number => (segment === '*' ? 2 : segment.startsWith(':') ? 1 : 0);

/** Orders the more specific path first ('/events/viewport' before '/events/:id'), whatever the declarations' order. */
function moreSpecificFirst(a: RouteSpec, b: RouteSpec): number {
  const left = a.path.split('/');
  const right = b.path.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const rank = segmentRank(left[i] as string) - segmentRank(right[i] as string);
    if (rank !== 0) return rank;
  }
  return right.length - left.length;
}

/** A path's first segment ('/events/1' → 'events'): every declared path starts with a fixed word. */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}

/** Per method and first segment, the routes in the order they are tried: a path is tried against its own few, not all. */
const COMPILED = new Map<string, CompiledRoute[]>();
for (const route of [...ROUTES].sort(moreSpecificFirst)) {
  if (segmentRank(firstSegment(route.path)) !== 0) throw new Error(`routes: ${route.path} must start with a fixed word`);
  const key = `${route.method} ${firstSegment(route.path)}`;
  COMPILED.set(key, [...(COMPILED.get(key) ?? []), compile(route)]);
}

/** The route for a method and a path below /api (e.g. '/events/1'), or null. */
export function matchRoute(method: string, path: string): RouteSpec | null {
  const candidates = COMPILED.get(`${method === 'HEAD' ? 'GET' : method} ${firstSegment(path)}`);
  return candidates?.find((r) => r.pattern.test(path)) ?? null;
}
