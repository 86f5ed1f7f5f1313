import { DomainError } from '@flohmarkt/server-kit';

/** How a service call was refused: its status and German message. A call that goes through, or fails otherwise, fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof DomainError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return { status: err.status, message: err.message };
}
