/**
 * The work's result, or the error `late()` makes once `ms` have passed without one; the timer is
 * cleared either way. The work itself goes on (a promise cannot be cancelled): only the wait ends.
 */
export function settleWithin<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), Math.max(0, ms));
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
