import { describe, expect, it } from 'vitest';
import { ABUSE_LIMITS, BRAND, DATE_LOCALE, LIMITS, MAP, TIME_ZONE } from './limits.js';

describe('limits', () => {
  it('carry the values of docs/product.md#limits-at-a-glance', () => {
    expect(LIMITS.maxPhotosPerStand).toBe(3);
    expect(LIMITS.maxStandDistanceKm).toBe(15);
    expect(LIMITS.earthRadiusKm).toBe(6371);
    expect(LIMITS.landingSearchRadiusKm).toBe(50);
    expect(LIMITS.dateInputStepSeconds).toBe(300);
    expect(LIMITS.toastRemoveDelayMs).toBe(1_000_000);
    expect(LIMITS.photoResize.first).toEqual({ overBytes: 2 * 1024 * 1024, maxWidth: 1920, maxHeight: 1080, quality: 0.8 });
    expect(LIMITS.photoResize.second).toEqual({ overBytes: 8 * 1024 * 1024, maxWidth: 1280, maxHeight: 720, quality: 0.6 });
  });

  it('carry the map defaults', () => {
    expect(MAP.defaultCenter).toEqual([52.52, 13.405]);
    expect(MAP.landingCenter).toEqual([51.1657, 10.4515]);
    expect([MAP.landingZoom, MAP.landingZoomFound]).toEqual([6, 10]);
    expect([MAP.pickerZoom, MAP.pickerZoomSelected]).toEqual([12, 15]);
    expect([MAP.eventPageZoom, MAP.eventPageZoomNoCoordinates]).toEqual([16, 10]);
    expect([MAP.pickerHeightPx, MAP.defaultHeightPx, MAP.eventPageHeightPx]).toEqual([300, 400, 300]);
    expect(BRAND).toEqual({ gradientFrom: '#2B4162', gradientTo: '#385F71' });
    expect(DATE_LOCALE).toBe('de-DE');
    expect(TIME_ZONE).toBe('Europe/Berlin');
  });

  it('carry the abuse defaults of docs/product.md#abuse-limits', () => {
    expect(ABUSE_LIMITS.guestRegistrations).toEqual({ max: 20, windowSeconds: 600, windowMs: 600_000 });
    expect(ABUSE_LIMITS.photoUploads).toEqual({ max: 30, windowSeconds: 1800, windowMs: 1_800_000 });
    expect(ABUSE_LIMITS.signInStarts).toEqual({ max: 30, windowSeconds: 300, windowMs: 300_000 });
  });

  it('let a maximal upload fit a 15 MB body as base64', () => {
    expect((LIMITS.photoUploadMaxBytes * 4) / 3).toBeLessThan(15 * 1024 * 1024);
  });
});
