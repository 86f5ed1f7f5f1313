import type { ProviderIdentity } from '../users/users.service.js';

/** The identity provider's issuer (iss) the sign-in specs use. */
export const ISSUER = 'https://id.flohmarkt.example/realms/flohmarkt';

let counter = 0;

/** A verified provider identity of someone not seen before (own sub and e-mail), changed by `fields`. */
export const identity = (fields: Partial<ProviderIdentity> = {}): ProviderIdentity => ({
  issuer: ISSUER,
  subject: `sub-${++counter}`,
  email: `person${counter}@example.de`,
  emailVerified: true,
  firstName: 'Erika',
  lastName: 'Muster',
  ...fields,
});
