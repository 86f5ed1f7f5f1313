// @vitest-environment node
import { ALERT_LABEL_MAX_LENGTH } from '@flohmarkt/contracts';
import { describe, expect, it } from 'vitest';
import { alertLabel, alertPlace } from './alert-place';

describe('alertPlace', () => {
  it('reads as the label, else as the point in German notation', () => {
    expect(alertPlace({ label: 'Leipzig, Sachsen', lat: 51.34, lng: 12.37 })).toBe('Leipzig, Sachsen');
    expect(alertPlace({ label: null, lat: 52.52, lng: 13.405 })).toBe('52,5200° N, 13,4050° O');
    expect(alertPlace({ label: '  ', lat: -33.9, lng: -70.1 })).toBe('33,9000° S, 70,1000° W');
  });
});

describe('alertLabel', () => {
  it('keeps a short name and cuts a long one at a comma within the limit', () => {
    expect(alertLabel(' Köln, Nordrhein-Westfalen ')).toBe('Köln, Nordrhein-Westfalen');
    const long = 'Hauptstraße, Altstadt-Nord, Innenstadt, Köln, Nordrhein-Westfalen, 50667, Deutschland, Europa';
    const label = alertLabel(long);
    expect(label.length).toBeLessThanOrEqual(ALERT_LABEL_MAX_LENGTH);
    expect(label).toBe('Hauptstraße, Altstadt-Nord, Innenstadt, Köln, Nordrhein-Westfalen, 50667');
  });

  it('cuts a long name without commas with an ellipsis', () => {
    const label = alertLabel('x'.repeat(120));
    expect(label).toHaveLength(ALERT_LABEL_MAX_LENGTH);
    expect(label.endsWith('…')).toBe(true);
  });
});
