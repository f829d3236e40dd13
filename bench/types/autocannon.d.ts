/**
 * The parts of autocannon 8 the bench uses (it ships no types and @types/autocannon is not
 * installed): the programmatic call with a callback, and the fields of its result read by
 * bench/run.ts and bench/profile.ts.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      /** Concurrent connections (10). */
      connections?: number;
      /** Seconds (10). */
      duration?: number;
      /** Seconds before a request is counted as a timeout (10). */
      timeout?: number;
    }

    /** A histogram's summary: mean, spread and percentiles. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      url: string;
      connections: number;
      /** Seconds actually run. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      /** Per status code answered: how many times. */
      statusCodeStats: Record<string, { count: number } | undefined>;
      /** Milliseconds. */
      latency: Histogram;
      /** Per second; `total` is the number of requests completed. */
      requests: Histogram & { sent: number };
      /** Bytes per second; `total` is the number of bytes received. */
      throughput: Histogram;
    }

    type Callback = (err: Error | null, result: Result) => void;
  }

  function autocannon(options: autocannon.Options, callback: autocannon.Callback): EventEmitter;

  export default autocannon;
}
