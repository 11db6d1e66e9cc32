/** The part of autocannon (which ships no types) that scripts/bench/load.ts uses. */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export interface Request {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called each time the request is about to be sent again: what it returns is sent. */
    setupRequest?: (request: Request) => Request;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    /** Each connection sends these in turn, round and round. */
    requests?: Request[];
    /** Seconds before a request counts as timed out (and as an error). */
    timeout?: number;
    /** Called for each connection as it is made. */
    setupClient?: (client: Client) => void;
  }

  export interface Histogram {
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

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    /** Socket errors and timeouts. */
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    /** Seconds. */
    duration: number;
  }

  export interface Client {
    requestIterator: { currentRequest: Request };
    /** What this connection sends, round and round, from the first. */
    setRequests(requests: Request[]): void;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    /** Emitted before the client moves on: its current request is the one answered. */
    on(event: "response", listener: (client: Client, statusCode: number, bytes: number, ms: number) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
