import { RequestMapping, RequestMethod } from '@nestjs/common';
import type { PublicCall } from '@flohmarkt/contracts';

/**
 * The Nest route of a declared public call (libs/contracts/src/public-api/): its method and its
 * path as the service receives it (the gateway strips /api). A trailing `*` takes the rest of the
 * path as the parameter `rest`. The controller writes no path of its own: `@Controller()` without
 * a prefix, `@PublicRoute(GET_EVENT)` on the handler.
 */
export function PublicRoute(call: Pick<PublicCall, 'method' | 'path'>): MethodDecorator {
  return RequestMapping({ method: RequestMethod[call.method], path: nestPath(call.path) });
}

/** `/media/*` → `/media/*rest` (path-to-regexp 8 names its wildcards). */
function nestPath(path: string): string {
  return path.replace(/\*$/, '*rest');
}
