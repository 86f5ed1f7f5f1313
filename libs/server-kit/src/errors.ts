import { API_ERRORS, ERROR_STATUS, type TErrorCode } from '@flohmarkt/contracts';

/**
 * A failure the caller can act on. Services throw these; the status comes from the code in one
 * exhaustive table (ERROR_STATUS), never chosen ad hoc.
 */
export class DomainError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const fail = {
  unauthenticated: (message: string = API_ERRORS.unauthenticated) => new DomainError('UNAUTHENTICATED', message),
  notFound: (message: string = API_ERRORS.notFound) => new DomainError('NOT_FOUND', message),
  forbidden: (message: string = API_ERRORS.forbidden) => new DomainError('FORBIDDEN', message),
  invalid: (message: string, code: 'VALIDATION' | 'POINT_FAR_FROM_LOCATION' | 'STAND_TOO_FAR' = 'VALIDATION') => new DomainError(code, message),
  gone: (message: string) => new DomainError('GONE', message),
  conflict: (message: string, code: 'CONFLICT' | 'STAND_NUMBER_TAKEN' | 'IDEMPOTENT_REQUEST_PENDING' = 'CONFLICT') => new DomainError(code, message),
  unavailable: (message: string = API_ERRORS.serviceUnavailable) => new DomainError('UNAVAILABLE', message),
};
