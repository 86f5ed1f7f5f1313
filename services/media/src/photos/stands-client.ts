import { API_ERRORS, ZStandPhotoAccess, ZStandPhotoList, type TStandPhotoAccess, type TStandPhotoChange } from '@flohmarkt/contracts';
import { DomainError, type ServiceClient, ServiceUnavailableError, currentContext, fail, type CallerContext } from '@flohmarkt/server-kit';

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

const STATUS_CODE: Record<number, () => DomainError> = {
  401: () => fail.unauthenticated(),
  403: () => fail.forbidden(),
  404: () => fail.notFound(API_ERRORS.standNotFound),
  409: () => fail.conflict(API_ERRORS.tooManyPhotos),
};

/**
 * The stands service owns `stands.photos`; media asks it who may edit a stand and changes the list
 * only through these internal calls, with the caller's identity where there is one.
 */
export class StandsClient {
  constructor(
    private readonly client: ServiceClient,
    private readonly timeoutMs: number,
  ) {}

  /** 404 unknown stand, 403 not allowed (the stands service words the message), else the current list. */
  async photoAccess(standId: string, caller: CallerContext): Promise<TStandPhotoAccess> {
    const body = await this.call('GET', `/internal/stands/${encodeURIComponent(standId)}/photo-access`, undefined, caller);
    return ZStandPhotoAccess.parse(body);
  }

  /** Adds a path (idempotent); 409 when the stand has its 3 photos already. */
  async addPhoto(standId: string, change: TStandPhotoChange, caller: CallerContext | null): Promise<string[]> {
    return ZStandPhotoList.parse(await this.call('POST', `/internal/stands/${encodeURIComponent(standId)}/photos`, change, caller)).photos;
  }

  /** Removes a path (idempotent); a stand that is gone has nothing to remove. */
  async removePhoto(standId: string, change: TStandPhotoChange, caller: CallerContext | null): Promise<string[]> {
    try {
      return ZStandPhotoList.parse(await this.call('DELETE', `/internal/stands/${encodeURIComponent(standId)}/photos`, change, caller)).photos;
    } catch (err) {
      if (err instanceof StandRefusedError && err.status === 404) return [];
      throw err;
    }
  }

  private async call(method: string, path: string, body: unknown, caller: CallerContext | null): Promise<unknown> {
    let answer: { status: number; body: { message?: string; code?: string } | null };
    try {
      answer = await this.client.json({ method, path, body, caller, requestId: currentContext()?.requestId ?? 'internal', timeoutMs: this.timeoutMs });
    } catch (err) {
      if (err instanceof ServiceUnavailableError) throw new StandsUnavailableError(err.message);
      throw err;
    }
    if (answer.status < 400) return answer.body;
    if (answer.status >= 500) throw new StandsUnavailableError(`stands answered ${answer.status}`);
    const known = STATUS_CODE[answer.status]?.();
    const domain = known
      ? new DomainError(known.code, answer.body?.message ?? known.message)
      : new DomainError('VALIDATION', answer.body?.message ?? API_ERRORS.invalidInput);
    throw new StandRefusedError(answer.status, domain);
  }
}
