/** Polls until `check` resolves truthy, or fails after `timeoutMs` with a message naming what. */
export async function waitFor(what, check, { timeoutMs = 60000, intervalMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${what} was not ready within ${Math.round(timeoutMs / 1000)} s${lastError ? ` (${lastError.message})` : ''}`);
}

export async function httpOk(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return res.ok;
}
