/** Why the online geocoder gave no answer; callers fall back to the offline gazetteer. */
type GeocoderFailure = 'busy' | 'timeout' | 'network' | 'http' | 'invalid';

export class GeocoderError extends Error {
  constructor(
    readonly reason: GeocoderFailure,
    message: string,
  ) {
    super(message);
    this.name = 'GeocoderError';
  }
}
