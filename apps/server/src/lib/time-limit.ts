/**
 * `work`, or a rejection once `ms` have passed: for an answer that must come in time whatever a part
 * does (a readiness probe, a metrics scrape). The work itself goes on until its own limit (a
 * database query's timeout, decision 019).
 */
export function withinMs<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
