import { randomInt } from 'node:crypto';
import { PICKUP_CODE_LENGTH } from '@flohmarkt/contracts';

/** Letters and digits that cannot be mistaken for one another when read aloud or off a phone: no 0/O, 1/I/L. */
export const PICKUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A new pickup code (contracts PICKUP_CODE_LENGTH characters), drawn from the system's random source. */
export function newPickupCode(): string {
  let code = '';
  for (let i = 0; i < PICKUP_CODE_LENGTH; i++) code += PICKUP_CODE_ALPHABET[randomInt(PICKUP_CODE_ALPHABET.length)];
  return code;
}
