import { Inject, Injectable } from '@nestjs/common';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import type { TilePlacement } from './map-geometry.js';

export interface TileImage extends TilePlacement {
  png: Buffer;
}

/** More tiles than this would mean a zoom gone wrong; the plain frame is the better map then. */
export const MAX_TILES = 48;
const PARALLEL = 6;
/** After tiles could not be had, print plain frames at once for this long instead of waiting again. */
const PAUSE_AFTER_FAILURE_MS = 60_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The gateway's tile proxy marks the plain tile it answers when the tile server is unreachable. */
const FALLBACK_HEADER = 'x-tile-fallback';

/** The tile template: TILE_URL, else the gateway's caching proxy on the public origin; null when switched off. */
export function tileTemplate(config: Pick<TStandsEnv, 'TILE_URL' | 'PUBLIC_URL'>): string | null {
  if (config.TILE_URL === '') return null;
  return config.TILE_URL ?? `${config.PUBLIC_URL.replace(/\/+$/, '')}/tiles/{z}/{x}/{y}.png`;
}

/**
 * The map tiles under the printed stand map, through the gateway's tile cache (TILE_URL), so the
 * tile server sees our cache and its usage policy is kept. All or nothing within a short time:
 * a map with holes reads worse than the plain frame, and a print must not hang on a slow server.
 */
@Injectable()
export class MapTiles {
  private readonly template: string | null;
  private readonly timeoutMs: number;
  private pausedUntil = 0;

  constructor(@Inject(STANDS_CONFIG) config: TStandsEnv) {
    this.template = tileTemplate(config);
    this.timeoutMs = config.PRINT_TILE_TIMEOUT_MS;
  }

  /** Whether the next map is tried on tiles: TILE_URL is not empty and no failure paused the tiles just now. */
  get available(): boolean {
    return this.template !== null && Date.now() >= this.pausedUntil;
  }

  /** Every tile as a PNG, or null: no template, too many tiles, one failed, or a fallback tile came. */
  async fetch(placements: TilePlacement[]): Promise<TileImage[] | null> {
    if (!this.template || placements.length === 0 || placements.length > MAX_TILES || Date.now() < this.pausedUntil) return null;
    const signal = AbortSignal.timeout(this.timeoutMs);
    const images: TileImage[] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < placements.length) {
        const placement = placements[next++];
        images.push({ ...placement, png: await this.one(placement, signal) });
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(PARALLEL, placements.length) }, worker));
      return images;
    } catch {
      this.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      return null;
    }
  }

  private async one(t: TilePlacement, signal: AbortSignal): Promise<Buffer> {
    const url = this.template!.replace('{z}', String(t.z)).replace('{x}', String(t.x)).replace('{y}', String(t.y));
    const res = await fetch(url, { signal });
    if (!res.ok || res.headers.get(FALLBACK_HEADER)) throw new Error(`tile ${t.z}/${t.x}/${t.y}: ${res.status}`);
    const png = Buffer.from(await res.arrayBuffer());
    if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error(`tile ${t.z}/${t.x}/${t.y}: not a PNG`);
    return png;
  }
}
