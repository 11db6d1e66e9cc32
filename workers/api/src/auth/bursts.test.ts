import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { AUTH, bearer, count, login, PASSWORD, resetDb, send, signedInUser } from "../test/helpers.ts";
import { MAX_FAILURES_PER_ACCOUNT } from "./throttle.ts";

// Guesses sent together (auth/throttle.ts takeAttempt): each is counted before the slow check, so of 40
// at once at most the limit are checked (401) and the rest wait (429). Before, each read the count, ran
// scrypt, and only then wrote its failure: all 40 were checked.

beforeEach(resetDb);

type User = Awaited<ReturnType<typeof signedInUser>>;

/** The answers' statuses, counted. */
async function statuses(answers: Response[]) {
  const out: Record<number, number> = {};
  for (const res of answers) {
    out[res.status] = (out[res.status] ?? 0) + 1;
    await res.body?.cancel();
  }
  return out;
}

const wrong = (i: number) => `wrong password ${i}`;
const passwordHash = async (user: User) =>
  (await env.DB.prepare("SELECT password_hash AS h FROM users WHERE id = ?").bind(user.id).first<{ h: string }>())?.h;

describe("a burst of 40 guesses at once checks at most 10", () => {
  it("sign-in, from 40 addresses: 10 checked (401), 30 told to wait (429)", async () => {
    const ann = await signedInUser("Ann");
    const seen = await statuses(
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => login(ann.email, wrong(i), { "CF-Connecting-IP": `198.51.100.${i}` })),
      ),
    );
    expect(seen).toEqual({ 401: MAX_FAILURES_PER_ACCOUNT, 429: 40 - MAX_FAILURES_PER_ACCOUNT });
    // The waits are not failures: the window holds the 10 checked.
    expect(await count("login_attempts", "key = ?", `account:${ann.email}`)).toBe(MAX_FAILURES_PER_ACCOUNT);
  });

  it("change-password with a stolen session, the right password last: at most 10 checked, and it is not changed by the 40th", async () => {
    const ann = await signedInUser("Ann");
    const before = await passwordHash(ann);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(
          "POST",
          `${AUTH}/api/auth/change-password`,
          { currentPassword: i === 39 ? PASSWORD : wrong(i), newPassword: "a new long passphrase" },
          { ...bearer(ann.token), Origin: AUTH },
        ),
      ),
    );
    const last = answers[39]?.status;
    const seen = await statuses(answers);
    expect((seen[401] ?? 0) + (seen[200] ?? 0)).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(seen[429]).toBeGreaterThanOrEqual(40 - MAX_FAILURES_PER_ACCOUNT);
    // The right password got through only if it was among the first ten counted.
    if (last === 429) expect(await passwordHash(ann)).toBe(before);
  });

  it("deleting the account with a stolen session: at most 10 checked, the account there while the right one waits", async () => {
    const ann = await signedInUser("Ann");
    // Ten wrong ones first fill the window: the right one after them waits.
    const seen = await statuses(
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          send("DELETE", `${AUTH}/api/user/account`, { password: wrong(i) }, { ...bearer(ann.token), Origin: AUTH }),
        ),
      ),
    );
    expect(seen).toEqual({ 401: MAX_FAILURES_PER_ACCOUNT, 429: 40 - MAX_FAILURES_PER_ACCOUNT });
    const right = await send(
      "DELETE",
      `${AUTH}/api/user/account`,
      { password: PASSWORD },
      {
        ...bearer(ann.token),
        Origin: AUTH,
      },
    );
    expect(right.status).toBe(429);
    expect(await count("users", "id = ?", ann.id)).toBe(1);
  });

  it("a right password takes its attempt back: ten sign-ins in a row never throttle the next", async () => {
    const ann = await signedInUser("Ann");
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT + 2; i += 1) expect((await login(ann.email)).status).toBe(200);
    expect(await count("login_attempts", "key = ?", `account:${ann.email}`)).toBe(0);
  });
});
