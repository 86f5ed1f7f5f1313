import { describe, expect, it } from 'vitest';
import { addressOrder, type TAddressedStand } from './address-order.js';

const at = (id: string, street: string, houseNumber: string | null, town = 'Köln'): TAddressedStand => ({ id, address: { street, houseNumber, town } });

const STANDS = [
  at('h4', 'Hohe Straße', '4'),
  at('a9', 'Am Hof', '9'),
  at('h1', 'Hohe Straße', '1'),
  at('h12a', 'Hohe Straße', '12a'),
  at('h3', 'Hohe Straße', '3'),
  at('h12', 'Hohe Straße', '12'),
  at('a2', 'Am Hof', '2'),
  at('o5', 'Ährenweg', '5'),
];

describe('addressOrder (Nummerieren nach Straße with addresses)', () => {
  it('walks street by street by name (German rules: Ä with the A), the odd side up and the even side back down', () => {
    expect(addressOrder(STANDS)).toEqual(['o5', 'a9', 'a2', 'h1', 'h3', 'h12a', 'h12', 'h4']);
  });

  it('gives the same order whatever order the stands come in', () => {
    expect(addressOrder([...STANDS].reverse())).toEqual(addressOrder(STANDS));
  });

  it('keeps a street of another town apart, and ends a street with the stands whose house number is not known', () => {
    const order = addressOrder([at('k', 'Hauptstraße', '2'), at('b', 'Hauptstraße', '1', 'Bonn'), at('x', 'Hauptstraße', null), at('k1', 'Hauptstraße', '1')]);
    expect(order).toEqual(['b', 'k1', 'k', 'x']);
  });
});
