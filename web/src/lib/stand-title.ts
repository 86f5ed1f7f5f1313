import type { TStand } from '@flohmarkt/contracts';

type StandId = Pick<TStand, 'id' | 'standNumber'>;

/** The stand's number, or the last 6 characters of its id when it has none (docs/product.md#stands). */
export function standLabel(stand: StandId): string {
  const number = stand.standNumber?.trim();
  return number ? number : stand.id.slice(-6);
}

/** Title of the stand page and the stand cards: 'Stand #12' or 'Stand #a1b2c3'. */
export function standTitle(stand: StandId): string {
  return `Stand #${standLabel(stand)}`;
}

/** Map popups say 'Ohne Nummer' instead of the id (docs/product.md#stands). */
export function standPopupTitle(stand: StandId): string {
  const number = stand.standNumber?.trim();
  return number ? `Stand #${number}` : 'Ohne Nummer';
}
