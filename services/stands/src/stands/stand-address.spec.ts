import { describe, expect, it, vi } from 'vitest';
import { ADDRESS_MESSAGES, type TAddressCheck } from '@flohmarkt/contracts';
import type { EventsClient } from '../peers/events-client.js';
import { checkStandPlace } from './stand-address.js';

const event = { latitude: '50.9375', longitude: '6.9603' };
const address = { street: 'Hohe Straße', houseNumber: '12', postcode: '50667', town: 'Köln' };
const point = { latitude: 50.938, longitude: 6.958 };

/** The events service's gazetteer as the check sees it: the answer, and how often it was asked. */
function gazetteer(answer: TAddressCheck) {
  const checkAddress = vi.fn(async () => answer);
  return { events: { checkAddress } as unknown as EventsClient, checkAddress };
}

const fits: TAddressCheck = { postcodeKnown: true, townFits: true, lat: 50.94, lng: 6.95 };

describe('checkStandPlace', () => {
  it('asks the gazetteer about a new address and refuses a postcode that is not the town’s', async () => {
    const { events, checkAddress } = gazetteer({ ...fits, townFits: false });
    await expect(checkStandPlace(events, event, { address, ...point })).rejects.toMatchObject({
      message: ADDRESS_MESSAGES.postcodeNotInTown('50667', 'Köln'),
    });
    expect(checkAddress).toHaveBeenCalledWith('50667', 'Köln');
  });

  it('does not ask again when an edit keeps the stored postcode and town and has a point', async () => {
    const { events, checkAddress } = gazetteer(fits);
    await checkStandPlace(events, event, { address: { ...address, houseNumber: '14' }, ...point }, { postcode: '50667', town: 'Köln' });
    expect(checkAddress).not.toHaveBeenCalled();
  });

  it('asks when an edit changes the town, or keeps the address without a point (the area decides the 15 km rule)', async () => {
    const { events, checkAddress } = gazetteer(fits);
    await checkStandPlace(events, event, { address: { ...address, town: 'Köln-Altstadt' }, ...point }, { postcode: '50667', town: 'Köln' });
    expect(checkAddress).toHaveBeenCalledTimes(1);
    const { events: farArea, checkAddress: askedFar } = gazetteer({ ...fits, lat: 53.55, lng: 9.99 });
    await expect(checkStandPlace(farArea, event, { address, latitude: null, longitude: null }, { postcode: '50667', town: 'Köln' })).rejects.toMatchObject({
      code: 'STAND_TOO_FAR',
    });
    expect(askedFar).toHaveBeenCalledTimes(1);
  });

  it('refuses an address whose postcode area is far from the market even when the point is near (a Berlin address on a Cologne market)', async () => {
    const { events } = gazetteer({ ...fits, lat: 52.54, lng: 13.41 });
    const refusal = checkStandPlace(events, event, { address: { ...address, postcode: '10435', town: 'Berlin' }, ...point });
    await expect(refusal).rejects.toMatchObject({ code: 'STAND_TOO_FAR', message: expect.stringMatching(/km/) });
    // An area a little over 15 km away (a large rural postcode) still passes with a point of its own.
    const { events: nearby } = gazetteer({ ...fits, lat: 50.9375 + 0.16, lng: 6.9603 });
    await expect(checkStandPlace(nearby, event, { address, ...point })).resolves.toBeUndefined();
  });
});
