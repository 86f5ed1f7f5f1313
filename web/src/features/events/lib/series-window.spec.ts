// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { seriesWindow } from './series-window';

const dates = Array.from({ length: 10 }, (_, i) => ({ id: `d${i}` }));
const ids = (list: { id: string }[]) => list.map((d) => d.id);

describe('seriesWindow', () => {
  it('lists a short series whole', () => {
    expect(ids(seriesWindow(dates.slice(0, 4), 'd2'))).toEqual(['d0', 'd1', 'd2', 'd3']);
  });

  it('starts one date before the current one', () => {
    expect(ids(seriesWindow(dates, 'd4'))).toEqual(['d3', 'd4', 'd5', 'd6', 'd7', 'd8']);
  });

  it('starts at the first date for the first one, and shows the last six for the last one', () => {
    expect(ids(seriesWindow(dates, 'd0'))).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5']);
    expect(ids(seriesWindow(dates, 'd9'))).toEqual(['d4', 'd5', 'd6', 'd7', 'd8', 'd9']);
  });

  it('starts at the beginning when the current date is not in the answer', () => {
    expect(ids(seriesWindow(dates, 'elsewhere'))).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5']);
  });
});
