import type { TAuthUser } from '@flohmarkt/contracts';
import { describe, expect, it } from 'vitest';
import { participant } from '@/testing/render-app';
import { standEditAccess } from './stand-edit-access';

const organiserId = '00000009-0000-4000-8000-0000000000a1';
const event = { organizerId: organiserId };
const owner: TAuthUser = participant;
const stranger: TAuthUser = { ...participant, id: '00000009-0000-4000-8000-0000000000a2' };
const organiser: TAuthUser = { ...participant, id: organiserId, role: 'organizer' };
const admin: TAuthUser = { ...stranger, role: 'admin' };

describe('who may edit a stand (docs/product.md#permissions)', () => {
  it('the owner, the organiser of the event and admins', () => {
    const stand = { exhibitorId: owner.id };
    expect(standEditAccess(owner, stand, event)).toBe('allowed');
    expect(standEditAccess(organiser, stand, event)).toBe('allowed');
    expect(standEditAccess(admin, stand, event)).toBe('allowed');
    expect(standEditAccess(stranger, stand, event)).toBe('forbidden');
  });

  it('a guest stand only the organiser or admins, others get the guest-stand message', () => {
    const guest = { exhibitorId: null };
    expect(standEditAccess(organiser, guest, event)).toBe('allowed');
    expect(standEditAccess(admin, guest, null)).toBe('allowed');
    expect(standEditAccess(stranger, guest, event)).toBe('guest-stand');
  });
});
