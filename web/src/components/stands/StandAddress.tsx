import { addressLine, type TStandAddress } from '@flohmarkt/contracts';

/**
 * A stand's address on one line ('Hohe Straße 12, 50667 Köln'), as the reader may see it: the public
 * reads an approximate stand without its house number before the market day (issue 33).
 */
export function StandAddress({ address, className = 'stand-address' }: { address?: TStandAddress | null; className?: string }) {
  if (!address) return null;
  return <p className={className}>{addressLine(address)}</p>;
}
