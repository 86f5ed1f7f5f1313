import { describe, expect, it } from 'vitest';
import { eventsBlockingSelfDeletion } from './account-rules.js';

describe('self-deletion of an organiser', () => {
  it('is blocked by every upcoming or running event, not by ended or cancelled ones', () => {
    const events = [
      { id: 'a', phase: 'ended' as const },
      { id: 'b', phase: 'upcoming' as const },
      { id: 'c', phase: 'cancelled' as const },
      { id: 'd', phase: 'running' as const },
    ];
    expect(eventsBlockingSelfDeletion(events)).toEqual(['b', 'd']);
  });

  it('is free for a user who organises nothing that is still to come', () => {
    expect(eventsBlockingSelfDeletion([])).toEqual([]);
    expect(
      eventsBlockingSelfDeletion([
        { id: 'a', phase: 'ended' },
        { id: 'b', phase: 'cancelled' },
      ]),
    ).toEqual([]);
  });
});
