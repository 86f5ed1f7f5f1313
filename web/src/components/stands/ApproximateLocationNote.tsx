/** Said wherever the public sees an approximate stand's place (map, card, stand page): it is a ~200 m field, not the house. */
export const APPROXIMATE_LOCATION_NOTE = 'Ungefähre Lage (etwa 200 m) – die genaue Adresse zeigt der Stand ab dem Markttag.';

export function ApproximateLocationNote({ stand }: { stand: { locationApproximate?: boolean } }) {
  if (!stand.locationApproximate) return null;
  return <p className="field-hint approximate-location-note">{APPROXIMATE_LOCATION_NOTE}</p>;
}
