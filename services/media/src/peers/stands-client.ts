import {
  ITEM_PHOTO_ACCESS,
  ITEM_PHOTO_SET,
  STAND_PHOTO_ACCESS,
  STAND_PHOTO_VISIBILITY,
  type TItemPhotoAccess,
  type TItemPhotoSetAnswer,
  type TStandPhotoAccess,
  type TStandPhotoVisibility,
} from '@flohmarkt/contracts';
import { DomainError, PeerClient, ServiceClient, type Asker } from '@flohmarkt/server-kit';
import type { TMediaEnv } from '../config.js';

/** The stands service refused: the caller sees its status and message. */
export class StandRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly domain: DomainError,
  ) {
    super(domain.message);
  }
}

/** The stands service could not be reached: the request answers 503. */
export class StandsUnavailableError extends Error {}

/**
 * The calls media makes to the stands service: whether the caller (or a guest by the stand's manage
 * token) may change a stand's photos (the rule of editing the stand, decided by its owner) or an
 * item's (issue 35), whether they may see a stand's photos, and an item's new photo path. A stand's
 * list is media's own (StandPhotoList); the stands service keeps a copy from media's announcements.
 */
export class StandsClient {
  constructor(private readonly peer: PeerClient) {}

  /** 404 unknown stand, 403 not allowed (the stands service words the message). */
  photoAccess(standId: string, { caller, manageToken }: Asker): Promise<TStandPhotoAccess> {
    return this.refusable(() => this.peer.call(STAND_PHOTO_ACCESS, { params: { id: standId }, caller, manageToken }));
  }

  /** 404 unknown item (or a stand the caller may not see), 403 not allowed; answers the item's stand. */
  itemPhotoAccess(itemId: string, { caller, manageToken }: Asker): Promise<TItemPhotoAccess> {
    return this.refusable(() => this.peer.call(ITEM_PHOTO_ACCESS, { params: { id: itemId }, caller, manageToken }));
  }

  /** The item names this photo path from now on (null: none); stands decides the caller's right again. */
  setItemPhoto(itemId: string, photo: string | null, { caller, manageToken }: Asker): Promise<TItemPhotoSetAnswer> {
    return this.refusable(() => this.peer.call(ITEM_PHOTO_SET, { params: { id: itemId }, body: { photo }, caller, manageToken }));
  }

  private async refusable<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      if (err.code === 'UNAVAILABLE') throw new StandsUnavailableError(err.message);
      throw new StandRefusedError(err.status, err);
    }
  }

  /** Whether the caller may see the stand's photos (null: not, a 404 like a missing photo) and whether everyone may. */
  async photoVisibility(standId: string, { caller, manageToken }: Asker): Promise<TStandPhotoVisibility | null> {
    try {
      return await this.peer.call(STAND_PHOTO_VISIBILITY, { params: { id: standId }, caller, manageToken });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'NOT_FOUND') return null;
      // Anything else (stands down: 503) answers as it is: never a photo on a guess.
      throw err;
    }
  }
}

export function standsClientFor(config: TMediaEnv, timeoutMs = config.PEER_TIMEOUT_MS): StandsClient {
  return new StandsClient(
    new PeerClient(
      new ServiceClient('stands', config.STANDS_SERVICE_URL, config.INTERNAL_TOKEN, { serviceKeepAliveMs: config.SERVICE_KEEP_ALIVE_MS }),
      timeoutMs,
    ),
  );
}
