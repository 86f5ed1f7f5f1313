import { SERVICE_NAMES, serviceUrlsOf, type TGatewayEnv, type TServiceName } from '../config.js';
import { ServiceClient } from '@flohmarkt/server-kit';

export type ServiceClients = Record<TServiceName, ServiceClient>;
export const SERVICE_CLIENTS = Symbol('SERVICE_CLIENTS');

export function createServiceClients(config: TGatewayEnv): ServiceClients {
  const urls = serviceUrlsOf(config);
  return Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, new ServiceClient(name, urls[name], config.GATEWAY_TOKEN, { serviceKeepAliveMs: config.SERVICE_KEEP_ALIVE_MS })]),
  ) as ServiceClients;
}
