import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPassword, verifyPassword } from "../workers/api/src/auth/password.ts";
import { applyMigrations, localQuery } from "./suite.ts";
import { user as run } from "./user.ts";
import { repo } from "./wrangler.ts";

// The account CLI against a throwaway local D1 (wrangler's own SQLite, real migrations).
const dir = mkdtempSync(`${tmpdir()}/nook-user-`);
const options = { port: 0, persistTo: dir };
/** The command as `npm run user` runs it: a process of its own, its exit code and its output. */
const spawned = (...args: string[]) =>
  spawnSync(process.execPath, [`${repo}scripts/user.ts`, ...args, "--persist-to", dir], {
    cwd: repo,
    encoding: "utf8",
  });
/**
 * The same command in this process (all but its two-line entry point), for the cases after the first:
 * a process each cost about 2 s of processor time to load wrangler again.
 */
async function user(...args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const status = await run([...args, "--persist-to", dir], {
    log: (line) => stdout.push(`${line}\n`),
    error: (line) => stderr.push(`${line}\n`),
  });
  return { status, stdout: stdout.join(""), stderr: stderr.join("") };
}

beforeAll(() => applyMigrations(options), 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run user", () => {
  it("adds an account with a scrypt hash, refuses duplicates and bad input, lists, and sets a password", async () => {
    const added = spawned(
      "add",
      "--email",
      "Ann@Example.com",
      "--name",
      "Ann",
      "--username",
      "ann",
      "--password",
      "first password",
    );
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toContain("added ann@example.com");
    const [row] = localQuery<{ email: string; password_hash: string }>(
      options,
      "SELECT email, password_hash FROM users",
    );
    expect(row?.email).toBe("ann@example.com");
    expect(await verifyPassword("first password", row!.password_hash)).toBe(true);

    const again = await user("add", "--email", "ann@example.com", "--name", "Other", "--username", "other");
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("Email is already in use");
    const bad = spawned("add", "--email", "not-an-email", "--name", "X", "--username", "x");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("Email is not valid");
    // Passwords people should not use (workers/api/src/auth/weak-passwords.ts), as the API refuses them.
    const common = await user(
      "add",
      "--email",
      "c@example.com",
      "--name",
      "C",
      "--username",
      "cc",
      "--password",
      "12345678",
    );
    expect([common.status, common.stderr]).toEqual([1, expect.stringContaining("one of the most common ones")]);
    const own = await user(
      "add",
      "--email",
      "dora@example.com",
      "--name",
      "D",
      "--username",
      "dd",
      "--password",
      "dora-is-great",
    );
    expect([own.status, own.stderr]).toEqual([1, expect.stringContaining("your e-mail's name")]);
    expect((await user("list")).stdout).toMatch(/^1\tann@example\.com\tann\tAnn$/m);

    localQuery(
      options,
      "INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES ('s1', 1, 0, 0, 9999999999999)",
    );
    const set = await user("set-password", "--email", "ann@example.com");
    expect(set.status, set.stderr).toBe(0);
    const generated = /password: (\S+)/.exec(set.stdout)?.[1];
    expect(generated?.length).toBeGreaterThanOrEqual(16);
    const [after] = localQuery<{ password_hash: string }>(options, "SELECT password_hash FROM users");
    expect(await verifyPassword(generated!, after!.password_hash)).toBe(true);
    expect(localQuery<{ n: number }>(options, "SELECT count(*) AS n FROM sessions")[0]?.n).toBe(0);
  }, 120_000);

  it("keeps the API's username rule: stored lower-cased, held in another case is held, a look-alike refused", async () => {
    const bob = await user(
      "add",
      "--email",
      "bob@example.com",
      "--name",
      "Bob",
      "--username",
      "Bob",
      "--password",
      "pw long enough",
    );
    expect(bob.status, bob.stderr).toBe(0);
    expect(
      localQuery<{ username: string }>(options, "SELECT username FROM users WHERE email = 'bob@example.com'"),
    ).toEqual([{ username: "bob" }]);
    const upper = await user("add", "--email", "bob2@example.com", "--name", "Bob", "--username", "BOB");
    expect(upper.status).toBe(1);
    expect(upper.stderr).toContain("Username is already taken");
    const lookAlike = await user("add", "--email", "bob2@example.com", "--name", "Bob", "--username", "b\u043Eb");
    expect(lookAlike.status).toBe(1);
    expect(lookAlike.stderr).toContain("Username may hold Latin letters a-z, digits, '_' and '-' only");
    expect(localQuery(options, "SELECT email FROM users WHERE email = 'bob2@example.com'")).toEqual([]);
  }, 120_000);

  it("hashes a password as typed in NFC, and refuses the disguised weak ones and one of only spaces", async () => {
    const decomposed = "cre\u0300me bru\u0302le\u0301e";
    const cleo = await user(
      "add",
      "--email",
      "cleo@example.com",
      "--name",
      "Cleo",
      "--username",
      "cleo",
      "--password",
      decomposed,
    );
    expect(cleo.status, cleo.stderr).toBe(0);
    const [row] = localQuery<{ password_hash: string }>(
      options,
      "SELECT password_hash FROM users WHERE email = 'cleo@example.com'",
    );
    expect(await checkPassword(decomposed.normalize("NFC"), row!.password_hash)).toBe("nfc");
    for (const [password, words] of [
      ["pass\u200Bword", "one of the most common ones"],
      [" ".repeat(8), "only spaces or invisible characters"],
    ] as const) {
      const refused = await user("set-password", "--email", "cleo@example.com", "--password", password);
      expect([refused.status, refused.stderr]).toEqual([1, expect.stringContaining(words)]);
    }
  }, 120_000);

  it("prints an invite link in an account's name: single use, 7 days, only its secret's hash kept", async () => {
    const made = await user("add", "--email", "ivy@example.com", "--name", "Ivy", "--username", "ivy");
    expect(made.status, made.stderr).toBe(0);
    const before = Date.now();
    const invited = await user("invite", "Ivy@Example.com", "--site", "https://auth.example.org/");
    expect(invited.status, invited.stderr).toBe(0);
    const token = /^https:\/\/auth\.example\.org\/signup\?invite=([A-Za-z0-9_-]{59})$/m.exec(invited.stdout)?.[1];
    expect(token).toBeDefined();
    const [row] = localQuery<{
      email: string;
      lookup: string;
      secret_hash: string;
      created_at: number;
      expires_at: number;
    }>(
      options,
      "SELECT u.email, i.lookup, i.secret_hash, i.created_at, i.expires_at FROM invites i JOIN users u ON u.id = i.user_id",
    );
    expect(row?.email).toBe("ivy@example.com");
    expect(row?.lookup).toBe(token?.slice(0, 16));
    expect(row?.secret_hash).not.toContain(token?.slice(16));
    // 7 days of 86,400,000 ms.
    expect(row!.expires_at - row!.created_at).toBe(604_800_000);
    expect(row!.created_at).toBeGreaterThanOrEqual(before);
    // Locally, npm start's auth site; an unknown account is refused in words.
    expect((await user("invite", "--email", "ivy@example.com")).stdout).toMatch(
      /^http:\/\/auth\.nook\.localhost:\d+\/signup\?invite=/m,
    );
    const nobody = await user("invite", "nobody@example.com");
    expect([nobody.status, nobody.stderr]).toEqual([
      1,
      expect.stringContaining("No account with email nobody@example.com"),
    ]);
  }, 120_000);
});
