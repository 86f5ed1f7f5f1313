import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { catchError, throwError, type Observable } from 'rxjs';
import { STAND_NUMBER_MESSAGES } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';
import { isUniqueViolation } from '../shared/input.js';
import { STAND_NUMBER_INDEX } from './stand-numbering.js';

/**
 * A stand number given twice at one event is refused, never overwritten: whichever call wrote it
 * (the edit form's `standNumber`, approving a stand whose registrant wished for a number that is
 * taken, numbering racing an edit), the unique index refuses the write and the caller gets the German
 * 409 instead of a 500. One place for every route, so no write path can forget it.
 */
@Injectable()
export class StandNumberConflicts implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(
        catchError((err: unknown) =>
          throwError(() => (isUniqueViolation(err, STAND_NUMBER_INDEX) ? fail.conflict(STAND_NUMBER_MESSAGES.numberTaken, 'STAND_NUMBER_TAKEN') : err)),
        ),
      );
  }
}
