/**
 * A found address's parts, where the search knows them (a form fills its fields from them): a street
 * of the street index with the typed house number, the online geocoder's parts, or only the postcode
 * and town of a place or postcode result (street and house number null). A part not known for sure is
 * null, never a guess.
 */
export interface FoundAddress {
  street: string | null;
  houseNumber: string | null;
  postcode: string | null;
  town: string | null;
}
