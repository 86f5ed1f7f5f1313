import { describe, expect, it } from 'vitest';
import { UploadGate, type ReleaseSlot } from './upload-gate.js';

const slot = (value: unknown): ReleaseSlot => {
  expect(typeof value).toBe('function');
  return value as ReleaseSlot;
};

describe('UploadGate', () => {
  it('refuses a user who has enough uploads in flight, at once', async () => {
    const gate = new UploadGate({ perProcess: 10, perUser: 2, queue: 10, waitMs: 1000 });
    const a = slot(await gate.enter('anna'));
    slot(await gate.enter('anna'));
    expect(await gate.enter('anna')).toBe('user-busy');
    slot(await gate.enter('bert'));
    a();
    slot(await gate.enter('anna'));
  });

  it('lets a request wait for a free slot and go on when one is released', async () => {
    const gate = new UploadGate({ perProcess: 2, perUser: 5, queue: 5, waitMs: 2000 });
    const first = slot(await gate.enter('a'));
    slot(await gate.enter('b'));
    const third = gate.enter('c');
    expect(gate.inFlight).toBe(2);
    first();
    slot(await third);
    expect(gate.inFlight).toBe(2);
  });

  it('never has more than the process limit in flight under a burst', async () => {
    const gate = new UploadGate({ perProcess: 3, perUser: 100, queue: 100, waitMs: 5000 });
    let peak = 0;
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const release = slot(await gate.enter(`user-${i}`));
        peak = Math.max(peak, gate.inFlight);
        await new Promise((r) => setTimeout(r, 5));
        release();
      }),
    );
    expect(peak).toBe(3);
    expect(gate.inFlight).toBe(0);
  });

  it('answers process-busy when the wait is over or the queue is full, and frees the user', async () => {
    const gate = new UploadGate({ perProcess: 1, perUser: 1, queue: 1, waitMs: 50 });
    slot(await gate.enter('a'));
    const waiting = gate.enter('b');
    expect(await gate.enter('c')).toBe('process-busy');
    expect(await waiting).toBe('process-busy');
    expect(gate.inFlight).toBe(1);
    // 'b' holds nothing after its refusal: its next try waits again instead of being user-busy.
    expect(await gate.enter('b')).toBe('process-busy');
  });

  it('refuses an address that has enough uploads in flight, whichever of its users sends the next', async () => {
    const gate = new UploadGate({ perProcess: 10, perUser: 2, perAddress: 2, queue: 10, waitMs: 1000 });
    const first = slot(await gate.enter('anna', '203.0.113.7'));
    slot(await gate.enter('bert', '203.0.113.7'));
    expect(await gate.enter('carl', '203.0.113.7')).toBe('address-busy');
    slot(await gate.enter('dora', '198.51.100.1'));
    first();
    slot(await gate.enter('carl', '203.0.113.7'));
    // A refused request holds nothing: its user is not counted as busy afterwards.
    expect(await gate.enter('carl', '203.0.113.7')).toBe('address-busy');
    slot(await gate.enter('carl', '198.51.100.2'));
  });

  it('ignores a second release of the same slot', async () => {
    const gate = new UploadGate({ perProcess: 1, perUser: 1, queue: 1, waitMs: 50 });
    const release = slot(await gate.enter('a'));
    release();
    release();
    expect(gate.inFlight).toBe(0);
  });
});
