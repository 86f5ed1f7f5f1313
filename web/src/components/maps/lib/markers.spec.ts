import { describe, expect, it } from 'vitest';
import { clusterIcon } from './markers';

describe('clusterIcon', () => {
  it('grows with the digits of the count, so five-digit counts of the server fit their bubble', () => {
    const size = (count: number) => clusterIcon(count).options.iconSize;
    expect(size(7)).toEqual([36, 36]);
    expect(size(42)).toEqual([42, 42]);
    expect(size(999)).toEqual([48, 48]);
    expect(size(2146)).toEqual([54, 54]);
    expect(size(10513)).toEqual([62, 62]);
    expect(size(250000)).toEqual([62, 62]);
    expect(clusterIcon(10513).options.iconAnchor).toEqual([31, 31]);
  });
});
