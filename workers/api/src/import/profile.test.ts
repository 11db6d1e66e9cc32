import { SELF } from "cloudflare:test";
import { sha256Hex } from "@nook/shared/common/sha256";
import { mergeResults, nookChunks } from "@nook/shared/import/chunks";
import type { ImportResult, ImportRun } from "@nook/shared/import/schemas";
import type { NookExport } from "@nook/shared/user/export";
import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, dumpDb, errorBodyOf, ORIGIN, refusesEach, resetDb, signedInUser } from "../test/helpers.ts";
import { fillAccount, userCall } from "../test/your-data.ts";
import { importFile, importInChunks, nookFile } from "./test-calls.ts";

// A Nook file's profile settings (its time zone, accent colour and date of birth) come back with it, read by
// the profile's own rules, and are written only when the person asks (`profile=1`), as the donation page is.

type User = Awaited<ReturnType<typeof signedInUser>>;

beforeEach(resetDb);

/** The profile as the profile's form reads it, with its version. */
const profileOf = async (user: User) =>
  bodyOf<{ timeZone: string | null; accentColor: string; dateOfBirth: string | null; modifiedAt: string }>(
    await userCall(user, "GET", "/auth/me"),
    200,
  );
const settings = ({ timeZone, accentColor, dateOfBirth }: Awaited<ReturnType<typeof profileOf>>) => ({
  timeZone,
  accentColor,
  dateOfBirth,
});
const importNook = (user: User, file: unknown, query: string) =>
  importFile(user.token, query, JSON.stringify(file), "application/json");

/** Ann's account, filled, with a zone, an accent colour and a date of birth of her own; its export. */
async function annExport() {
  const ann = await signedInUser("Ann");
  await fillAccount(ann);
  const put = await userCall(ann, "PUT", "/user/profile", {
    email: ann.email,
    name: ann.name,
    username: ann.username,
    dateOfBirth: "1990-05-17",
    accentColor: "green",
    timeZone: "Asia/Tokyo",
  });
  expect(put.status).toBe(200);
  return bodyOf<NookExport>(await userCall(ann, "GET", "/user/export"), 200);
}

describe("a Nook file's profile", () => {
  it("round trip: previewed, left alone without the tick, set with it (its version moved on)", async () => {
    const file = await annExport();
    expect(file.profile).toMatchObject({ timeZone: "Asia/Tokyo", accentColor: "green", dateOfBirth: "1990-05-17" });
    // A fresh account: Moscow (the tests' zone), the default colour, no date of birth.
    const bob = await signedInUser("Bob");
    const fresh = await profileOf(bob);
    expect(settings(fresh)).toEqual({ timeZone: "Europe/Moscow", accentColor: "orange", dateOfBirth: null });

    const preview = await bodyOf<ImportResult>(await importNook(bob, file, "format=nook&dryRun=1&profile=1"), 200);
    expect(preview.profile).toEqual({
      timeZone: "Asia/Tokyo",
      accentColor: "green",
      dateOfBirth: "1990-05-17",
      leftOut: [],
      set: false,
    });
    expect(await profileOf(bob)).toEqual(fresh);

    // Without the tick: everything else comes in, the profile stays as it was, its version too.
    const without = await bodyOf<ImportResult>(await importNook(bob, file, "format=nook"), 201);
    // Ann's three entries, and the one her timer's save wrote.
    expect(without.kinds.entries).toEqual({ added: 4, present: 0 });
    expect(without.profile).toMatchObject({ timeZone: "Asia/Tokyo", set: false });
    expect(await profileOf(bob)).toEqual(fresh);

    // With it: the three settings back; the rows, there already, not added again.
    const taken = await bodyOf<ImportResult>(await importNook(bob, file, "format=nook&profile=1"), 201);
    expect(taken.kinds.entries).toEqual({ added: 0, present: 4 });
    expect(taken.profile).toMatchObject({ set: true });
    const after = await profileOf(bob);
    expect(settings(after)).toEqual({ timeZone: "Asia/Tokyo", accentColor: "green", dateOfBirth: "1990-05-17" });
    expect(Date.parse(after.modifiedAt)).toBeGreaterThan(Date.parse(fresh.modifiedAt));
    // A profile form opened before the import saves against the version it read: refused, nothing lost.
    const stale = await userCall(
      bob,
      "PUT",
      "/user/profile",
      { email: bob.email, name: bob.name, username: bob.username, dateOfBirth: null, accentColor: "pink" },
      { "If-Match": fresh.modifiedAt },
    );
    expect(stale.status).toBe(409);
    expect(settings(await profileOf(bob))).toEqual(settings(after));

    // Taken again: nothing changes, so the version stays.
    await bodyOf<ImportResult>(await importNook(bob, file, "format=nook&profile=1"), 201);
    expect(await profileOf(bob)).toEqual(after);
  });

  it("a file without a zone or a date of birth leaves the account's; its colour is set", async () => {
    const bob = await signedInUser("Bob");
    await userCall(bob, "PUT", "/user/profile", {
      email: bob.email,
      name: bob.name,
      username: bob.username,
      dateOfBirth: "1985-01-02",
      accentColor: "blue",
    });
    const file = nookFile({}, "2026-03-05T12:00:00.000Z");
    (file.profile as Record<string, unknown>).accentColor = "purple";
    expect((await importNook(bob, file, "format=nook&profile=1")).status).toBe(201);
    expect(settings(await profileOf(bob))).toEqual({
      timeZone: "Europe/Moscow",
      accentColor: "purple",
      dateOfBirth: "1985-01-02",
    });
  });

  it("in chunks: set with the file's first chunk alone, so a change made while it runs stays", async () => {
    const file = await annExport();
    const bob = await signedInUser("Bob");
    const text = JSON.stringify(file);
    const cut = nookChunks(text, 2_000);
    if (!cut.ok) throw new Error("the file is cut");
    expect(cut.chunks.length).toBeGreaterThan(3);
    const headers = { Authorization: `Bearer ${bob.token}`, Origin: ORIGIN };
    const run = await bodyOf<ImportRun>(
      await userCall(bob, "POST", "/user/imports", {
        format: "nook",
        fileHash: await sha256Hex(text),
        chunks: cut.chunks.length,
      }),
      201,
    );
    const answers: ImportResult[] = [];
    for (const [n, chunk] of cut.chunks.entries()) {
      const place = `offset=${chunk.offset}${chunk.stackPart ? `&stackPart=${chunk.stackPart}` : ""}`;
      const res = await SELF.fetch(`${ORIGIN}/api/user/imports/${run.id}/chunks/${n}?profile=1&${place}`, {
        method: "PUT",
        headers: { ...headers, "Content-Type": "application/json" },
        body: chunk.body,
      });
      answers.push(await bodyOf<ImportResult>(res, 201));
      // After the first chunk, the person picks another colour: the chunks after it leave it.
      if (n === 0) {
        expect((await profileOf(bob)).accentColor).toBe("green");
        const put = await userCall(bob, "PUT", "/user/profile", {
          email: bob.email,
          name: bob.name,
          username: bob.username,
          dateOfBirth: "1990-05-17",
          accentColor: "pink",
        });
        expect(put.status).toBe(200);
      }
    }
    expect(answers.map((a) => a.profile?.set)).toEqual(cut.chunks.map((_, n) => n === 0));
    expect(settings(await profileOf(bob))).toEqual({
      timeZone: "Asia/Tokyo",
      accentColor: "pink",
      dateOfBirth: "1990-05-17",
    });
    // The page's merge of the answers says it was set; a preview's, that it would not be.
    expect(mergeResults(answers).profile).toMatchObject({ timeZone: "Asia/Tokyo", set: true });
    const previewed = await importInChunks(bob.token, "format=nook&dryRun=1&profile=1", text, 2_000);
    expect((previewed.body as unknown as ImportResult).profile).toMatchObject({ timeZone: "Asia/Tokyo", set: false });
  });

  it("a zone this runtime does not know and a date of birth a profile refuses are left out, in words", async () => {
    const bob = await signedInUser("Bob");
    const before = await profileOf(bob);
    const file = nookFile();
    Object.assign(file.profile, { timeZone: "Mars/Olympus_Mons", dateOfBirth: "0999-12-31", accentColor: "yellow" });
    const preview = await bodyOf<ImportResult>(await importNook(bob, file, "format=nook&dryRun=1"), 200);
    expect(preview.profile).toEqual({
      timeZone: null,
      accentColor: "yellow",
      dateOfBirth: null,
      leftOut: [
        {
          code: "import.profileZoneLeftOut",
          values: { value: "Mars/Olympus_Mons" },
          message:
            'The file\'s time zone "Mars/Olympus_Mons" is not one Nook knows: it is left out, and your profile keeps its own',
        },
        {
          code: "import.profileBirthLeftOut",
          values: { date: "0999-12-31" },
          message:
            'The file\'s date of birth "0999-12-31" is not one a profile takes: it is left out, and your profile keeps its own',
        },
      ],
      set: false,
    });
    // Taken: the colour alone.
    expect((await importNook(bob, file, "format=nook&profile=1")).status).toBe(201);
    expect(settings(await profileOf(bob))).toEqual({ ...settings(before), accentColor: "yellow" });
  });

  let bob: User;
  describe("refused, nothing written", () => {
    beforeEach(async () => {
      bob = await signedInUser("Bob");
    });
    refusesEach([
      [
        "an accent colour none of the profile's",
        "The file is not a Nook export: profile.accentColor is not valid",
        () => {
          const file = nookFile();
          Object.assign(file.profile, { accentColor: "red" });
          return importNook(bob, file, "format=nook&profile=1");
        },
      ],
      ["profile=2", "profile is 1 or 0", () => importNook(bob, nookFile(), "format=nook&profile=2")],
    ]);

    it("a chunk's profile=yes is refused too", async () => {
      const run = await bodyOf<ImportRun>(
        await userCall(bob, "POST", "/user/imports", { format: "nook", fileHash: "a".repeat(64), chunks: 1 }),
        201,
      );
      const before = await dumpDb();
      const res = await SELF.fetch(`${ORIGIN}/api/user/imports/${run.id}/chunks/0?profile=yes`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${bob.token}`, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify(nookFile()),
      });
      expect(res.status).toBe(400);
      expect(await errorBodyOf(res)).toMatchObject({ code: "import.profileInvalid", message: "profile is 1 or 0" });
      expect(await dumpDb()).toEqual(before);
    });
  });
});
