import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@flohmarkt/contracts';
import { HttpSession } from './support/browser-session.js';
import { startTestStack, type TestStack } from './support/stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('condition not met in time');
}

describe('faults', () => {
  it('answers 503 within 5 s while a service is down, and recovers by itself', async () => {
    const events = stack.entries.events;
    await stack.group.stopOne(events);
    const started = Date.now();
    const res = await fetch(`${stack.publicUrl}/api/events`);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: API_ERRORS.serviceUnavailable });

    const health = await fetch(`${stack.publicUrl}/api/health`);
    expect(health.status).toBe(503);
    expect((await health.json()).missing).toEqual(['events']);

    stack.entries.events = stack.group.restart(events);
    await waitUntil(async () => (await fetch(`${stack.publicUrl}/api/health`)).status === 200);
    expect((await fetch(`${stack.publicUrl}/api/events`)).status).not.toBe(503);
  });

  it('answers 503 within 5 s when a service hangs', async () => {
    const stands = stack.entries.stands as unknown as { child: { pid: number } };
    process.kill(stands.child.pid, 'SIGSTOP');
    try {
      const started = Date.now();
      const res = await fetch(`${stack.publicUrl}/api/events/00000000-0000-4000-8000-000000000000/stands`);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(res.status).toBe(503);
    } finally {
      process.kill(stands.child.pid, 'SIGCONT');
    }
    await waitUntil(async () => (await fetch(`${stack.publicUrl}/api/health`)).status === 200);
  });

  it('keeps a session across a gateway restart', async () => {
    const browser = new HttpSession(stack.publicUrl);
    await browser.signIn({ email: 'stays@example.org', firstName: 'Bleibt', lastName: 'Da' });
    expect((await browser.fetch('/api/auth/user')).status).toBe(200);

    const gateway = stack.entries.gateway;
    await stack.group.stopOne(gateway);
    stack.entries.gateway = stack.group.restart(gateway);
    await waitUntil(async () => (await fetch(`${stack.publicUrl}/api/auth/user`)).status === 401);

    const res = await browser.fetch('/api/auth/user');
    expect(res.status).toBe(200);
    expect((await res.json()).email).toBe('stays@example.org');
  });
});
