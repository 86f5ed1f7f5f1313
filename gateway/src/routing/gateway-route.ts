import { RequestMapping, RequestMethod } from '@nestjs/common';
import { publicCallPath, type PublicCall } from '@flohmarkt/contracts';

/**
 * The Nest route of a call the gateway answers itself (libs/contracts/src/public-api/gateway.ts):
 * its method and its whole path under /api, as the browser sends it. The gateway's controllers are
 * mounted at the root (the services' calls reach forward.ts instead), so unlike server-kit's
 * @PublicRoute the /api prefix is part of the route.
 */
export function GatewayRoute(call: Pick<PublicCall, 'method' | 'path'>): MethodDecorator {
  return RequestMapping({ method: RequestMethod[call.method], path: publicCallPath(call) });
}
