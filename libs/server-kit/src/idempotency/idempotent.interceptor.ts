import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor, UseInterceptors, applyDecorators } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { type Observable, catchError, from, mergeMap, of } from 'rxjs';
import type { DataSource } from 'typeorm';
import { API_ERRORS, IDEMPOTENCY_HEADERS, isIdempotencyKey } from '@flohmarkt/contracts';
import { DomainError, fail } from '../errors.js';
import { currentContext, type CallerContext } from '../request-context.js';
import { IdempotencyStore, type IdempotentRequest, type StoredAnswer } from './idempotency-store.js';
import { requestFingerprint } from './request-fingerprint.js';

/** Whose keys a key is among: the signed-in user's own, or for guests the key alone (one shared scope). */
export function idempotencyScope(caller: CallerContext | null | undefined): string {
  return caller ? userIdempotencyScope(caller.id) : 'guest';
}

/** A signed-in user's own keys (their rows go when the user is deleted: forget-user-requests.ts). */
export function userIdempotencyScope(userId: string): string {
  return `user:${userId}`;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The answer a DomainError below 500 becomes (the same body ErrorBodyFilter sends), null for any other failure. */
function storedFailure(err: unknown): StoredAnswer | null {
  if (!(err instanceof DomainError) || err.status >= 500) return null;
  return { status: err.status, body: JSON.stringify({ message: err.message, code: err.code }), contentType: JSON_TYPE };
}

/**
 * Runs a creating write at most once per `Idempotency-Key` (docs/adr/0016-idempotent-writes.md).
 * Without the header the handler runs as before. With it: the first request claims the key and
 * runs; its answer (success or a refusal below 500) is stored; a repeat by the same caller gets
 * that answer with `Idempotent-Replayed: true`; a 5xx or an unexpected error releases the key, unless
 * the request's write already reached COMMIT (commit-tracker.ts): then a repeat gets the 409
 * "schon angekommen" and nothing runs again.
 */
@Injectable()
class IdempotencyInterceptor implements NestInterceptor {
  private readonly store: IdempotencyStore;
  private readonly logger = new Logger('Idempotency');

  constructor(@InjectDataSource() ds: DataSource) {
    this.store = new IdempotencyStore(ds);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const key = req.header(IDEMPOTENCY_HEADERS.key);
    if (key === undefined) return next.handle();
    if (!isIdempotencyKey(key)) throw fail.invalid(API_ERRORS.invalidIdempotencyKey);

    const request: IdempotentRequest = {
      scope: idempotencyScope(currentContext()?.caller),
      key,
      hash: requestFingerprint(req.method, req.originalUrl, req.body),
    };
    const ctx = currentContext();
    const claim = await this.store.claim(request);
    if (claim.kind === 'replay') {
      res.status(claim.answer.status).setHeader(IDEMPOTENCY_HEADERS.replayed, 'true');
      res.setHeader('content-type', claim.answer.contentType);
      return of(claim.answer.body);
    }
    if (ctx) ctx.committed = 'none';
    return next.handle().pipe(
      mergeMap((value: unknown) =>
        from(this.remember(request, { status: res.statusCode, body: JSON.stringify(value ?? null), contentType: JSON_TYPE }).then(() => value)),
      ),
      catchError((err: unknown) => from(this.settleFailure(request, err, ctx?.committed === 'in-doubt' || ctx?.committed === 'confirmed'))),
    );
  }

  /** The write is done whatever happens here: a lost answer costs a repeat its replay, never the caller this answer. */
  private async remember(request: IdempotentRequest, answer: StoredAnswer): Promise<void> {
    await this.store.complete(request, answer).catch((err: Error) => this.logger.warn(`answer of idempotent request not stored: ${err.message}`));
  }

  private async settleFailure(request: IdempotentRequest, err: unknown, committed: boolean): Promise<never> {
    const answer = storedFailure(err);
    if (answer) await this.remember(request, answer);
    else if (committed)
      await this.store.markCommitted(request).catch((cause: Error) => this.logger.warn(`committed idempotent request not marked: ${cause.message}`));
    else await this.store.release(request).catch((cause: Error) => this.logger.warn(`idempotency key not released: ${cause.message}`));
    throw err;
  }
}

/** Marks a creating write as safe to retry with `Idempotency-Key`. The module needs TypeORM's DataSource. */
export function Idempotent(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseInterceptors(IdempotencyInterceptor));
}
