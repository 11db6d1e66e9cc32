/// <reference types="vite/client" />

// The sites import the API's route *types* (hc<AppType>), and with them the
// API source, which names Workers-only and Node-only things. To the browser
// program these are opaque shapes, enough to type-check that source.
interface D1Result<T = unknown> {
  results: T[];
  meta: any;
}
interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
  first<T = unknown>(): Promise<T | null>;
  all<T = unknown>(): Promise<D1Result<T>>;
  run(): Promise<unknown>;
}
interface D1Database {
  prepare(query: string): D1PreparedStatement;
  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]>;
  exec(query: string): Promise<unknown>;
}
type ExportedHandler<E = unknown> = {
  fetch?: (request: Request, env: E, ctx: unknown) => Response | Promise<Response>;
};
declare const Buffer: any;
type Buffer = any;
declare module "node:crypto" {
  export const pbkdf2: any, randomBytes: any, scrypt: any, timingSafeEqual: any;
}

interface ImportMetaEnv {
  readonly VITE_SITE: string;
  readonly VITE_PRODUCT_NAME: string;
}

declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
