import { expect } from 'vitest';
import { DomainError } from '@flohmarkt/server-kit';

/** The DomainError a service call was refused with; a call that goes through, or fails otherwise, fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}
