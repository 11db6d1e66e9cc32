/** Bindings and vars of the API Worker (wrangler.toml; secrets via `wrangler secret put`). */
export interface Env {
  DB: D1Database;
  /** HS256 key for session tokens; a secret in production, `.dev.vars` locally. */
  JWT_SECRET: string;
  /** "open" lets POST /api/auth/register create accounts. */
  SIGNUP?: string;
  /** "true" enables GET /api/prodyalogin (local development only). */
  DEV_LOGIN?: string;
  /** The demo account /api/prodyalogin signs in. */
  DEMO_EMAIL?: string;
  /** "scrypt" (default) or "pbkdf2" for plans with a 10 ms CPU limit. */
  PASSWORD_HASH?: string;
  PRODUCT_NAME?: string;
}
