import { STAND_PHOTO_ACCESS, STAND_PHOTO_ADD, STAND_PHOTO_REMOVE, type TStandPhotoAccess, type TStandPhotoChange } from '@flohmarkt/contracts';
import { DomainError, type PeerClient, type CallerContext } from '@flohmarkt/server-kit';

/** The stands service refused: the caller sees its status and message. */
export class StandRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly domain: DomainError,
  ) {
    super(domain.message);
  }
}

/** The stands service could not be reached: retry later (worker) or answer 503 (request). */
export class StandsUnavailableError extends Error {}

/**
 * The stands service owns `stands.photos`; media asks it who may edit a stand and changes the list
 * only through these internal calls (contracts internal-calls.ts), with the caller's identity where
 * there is one.
 */
export class StandsClient {
  constructor(private readonly peer: PeerClient) {}

  /** 404 unknown stand, 403 not allowed (the stands service words the message), else the current list. */
  photoAccess(standId: string, caller: CallerContext): Promise<TStandPhotoAccess> {
    return this.call(() => this.peer.call(STAND_PHOTO_ACCESS, { params: { id: standId }, caller }));
  }

  /** Adds a path (idempotent); 409 when the stand has its 3 photos already. */
  async addPhoto(standId: string, change: TStandPhotoChange, caller: CallerContext | null): Promise<string[]> {
    return (await this.call(() => this.peer.call(STAND_PHOTO_ADD, { params: { id: standId }, body: change, caller }))).photos;
  }

  /** Removes a path (idempotent); a stand that is gone has nothing to remove. */
  async removePhoto(standId: string, change: TStandPhotoChange, caller: CallerContext | null): Promise<string[]> {
    try {
      return (await this.call(() => this.peer.call(STAND_PHOTO_REMOVE, { params: { id: standId }, body: change, caller }))).photos;
    } catch (err) {
      if (err instanceof StandRefusedError && err.status === 404) return [];
      throw err;
    }
  }

  private async call<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      if (err.code === 'UNAVAILABLE') throw new StandsUnavailableError(err.message);
      throw new StandRefusedError(err.status, err);
    }
  }
}
