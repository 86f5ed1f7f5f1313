import type { TLatLng } from '@flohmarkt/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BERGMANNSTRASSE_12 } from '@/testing/fixtures';
import { mockAuthUser } from '@/testing/render-app';
import { useTypedAddressPoint } from './typed-address-point';

const TYPED = { street: 'Bergmannstraße', houseNumber: '12', postcode: '10961', town: 'Berlin' };
const TAPPED: TLatLng = { lat: 52.49, lng: 13.4 };

/** The address search answers once `answer` is called, so a test can act while the look-up runs. */
function searchAnsweringLater() {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  mockAuthUser(null, { '/api/geocode': async () => (await answered, [BERGMANNSTRASSE_12]) });
  return () => answer();
}

function renderTypedPoint() {
  const setPoint = vi.fn();
  const view = renderHook(({ point }: { point: TLatLng | null }) => useTypedAddressPoint(point, setPoint, 'Anmeldung absenden'), {
    initialProps: { point: null as TLatLng | null },
  });
  return { ...view, setPoint };
}

describe('useTypedAddressPoint', () => {
  it('puts the point where the typed street was found and holds the send for a look', async () => {
    const answer = searchAnsweringLater();
    const { result, setPoint } = renderTypedPoint();
    const send = vi.fn();
    act(() => result.current.sendOrLocate(TYPED, send));
    expect(result.current.locating).toBe(true);
    answer();
    await waitFor(() => expect(setPoint).toHaveBeenCalledWith({ lat: BERGMANNSTRASSE_12.lat, lng: BERGMANNSTRASSE_12.lng }));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.locating).toBe(false);
  });

  it('keeps a point tapped on the map while the look-up ran: the answer neither moves it nor sends', async () => {
    const answer = searchAnsweringLater();
    const { result, rerender, setPoint } = renderTypedPoint();
    const send = vi.fn();
    act(() => result.current.sendOrLocate(TYPED, send));
    rerender({ point: TAPPED });
    answer();
    await waitFor(() => expect(result.current.locating).toBe(false));
    expect(setPoint).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });
});
