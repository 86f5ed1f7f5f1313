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

/** Polls until `check` stops throwing (messages travel through an outbox and a queue); throws its last error after `ms`. */
export async function eventually(check: () => Promise<void>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
