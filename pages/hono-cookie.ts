/**
 * In place of the cookie serializer Hono's client imports (pages/vite.config.ts
 * resolves it here): the client uses it only for a request's `cookie`
 * argument, a `Cookie` header, which a browser never lets a page send (fetch
 * drops it). The sites' session cookie travels by `credentials: "include"`.
 * The full serializer would cost every first load 0.6 KB for nothing.
 */
export function serialize(): never {
  throw new Error("A page cannot send a Cookie header: the browser sends the session cookie itself");
}
