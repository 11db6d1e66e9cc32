import { bearer, ORIGIN, send } from "../test/helpers.ts";

/** A person as the spec's POST sends one. */
export const ADA = { name: "Ada Lovelace", email: "ada@example.org", birthDate: "1815-12-10", tags: ["Ada", "math"] };

/** A JSON call to /api/people as a signed-in user, for what the typed client forbids. */
export const peopleCall = (user: { token: string }, method: string, path: string, body?: unknown) =>
  send(method, `${ORIGIN}/api/people${path}`, body, { ...bearer(user.token), Origin: ORIGIN });
