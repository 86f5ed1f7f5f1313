/**
 * Polls `check` until it answers something truthy and answers that; throws, naming `what`, when
 * `timeoutMs` passes first. A check that throws counts as "not yet" (a service restarting, say).
 */
export async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check().catch(() => null);
    if (value) return value;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}
