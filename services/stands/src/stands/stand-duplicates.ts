import { DUPLICATE_STAND_DISTANCE_M, haversineKm } from '@flohmarkt/contracts';

/** What the duplicate check needs of a stand: who it is for and where it stands. */
export interface DuplicateCandidate {
  id: string;
  /** The person's name as shown (exhibitor or guest); null or blank: no name to compare. */
  name: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Possible double registrations at one event (the organiser's review list): for each stand the
 * other stands with the same person's name (case, inner spacing and surrounding blanks
 * ignored) or standing within 20 m. Pure, so the rule is tested without a database; quadratic,
 * which is nothing at the few hundred stands of a market.
 */
export function duplicatesOf(stands: readonly DuplicateCandidate[]): Map<string, string[]> {
  const found = new Map<string, string[]>(stands.map((s) => [s.id, []]));
  const names = stands.map((s) => normalisedName(s.name));
  for (let i = 0; i < stands.length; i++) {
    for (let j = i + 1; j < stands.length; j++) {
      if (!isDuplicate(stands[i], names[i], stands[j], names[j])) continue;
      found.get(stands[i].id)!.push(stands[j].id);
      found.get(stands[j].id)!.push(stands[i].id);
    }
  }
  return found;
}

function isDuplicate(a: DuplicateCandidate, aName: string | null, b: DuplicateCandidate, bName: string | null): boolean {
  if (aName !== null && aName === bName) return true;
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) return false;
  return haversineKm({ lat: a.latitude, lng: a.longitude }, { lat: b.latitude, lng: b.longitude }) * 1000 <= DUPLICATE_STAND_DISTANCE_M;
}

/** Lower case, inner blanks collapsed, trimmed; null when nothing is left. */
export function normalisedName(name: string | null): string | null {
  const text = (name ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('de-DE');
  return text === '' ? null : text;
}
