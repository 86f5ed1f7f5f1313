import { fail, type ServiceClient, ServiceUnavailableError, currentContext } from '@flohmarkt/server-kit';

/** A JSON GET to another service; a service that is down or failing is a 503 for our caller. */
export async function peerGet<T>(client: ServiceClient, path: string, timeoutMs: number): Promise<{ status: number; body: T }> {
  try {
    const answer = await client.json<T>({ method: 'GET', path, requestId: currentContext()?.requestId ?? 'internal', timeoutMs });
    if (answer.status >= 500) throw fail.unavailable();
    return answer;
  } catch (err) {
    if (err instanceof ServiceUnavailableError) throw fail.unavailable();
    throw err;
  }
}
