import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { AUTH, createUser, dumpDb, errorBodyOf, login, PASSWORD, resetDb, send } from "../test/helpers.ts";

beforeEach(resetDb);

async function session(name: string) {
  const user = await createUser(name);
  const { token } = await (await login(user.email)).json<{ token: string }>();
  return { ...user, headers: { Authorization: `Bearer ${token}` } };
}

const row = (id: number) =>
  env.DB.prepare("SELECT email, name, username, date_of_birth, accent_color FROM users WHERE id = ?").bind(id).first();
const put = (body: unknown, headers: Record<string, string> = {}) =>
  send("PUT", `${AUTH}/api/user/profile`, body, headers);
const profile = {
  email: "ann.new@example.com",
  name: "Ann New",
  username: "ann_new",
  dateOfBirth: "1990-05-17T22:00:00.000Z",
  accentColor: "turquoise",
};
/** The profile with a new e-mail, and the password that change needs. */
const withPassword = { ...profile, currentPassword: PASSWORD };

describe("PUT /api/user/profile", () => {
  it("updates the profile, keeping only the date of birth's date part", async () => {
    const ann = await session("Ann");
    const res = await put(withPassword, ann.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ...profile,
      dateOfBirth: "1990-05-17",
      timeZone: "Europe/Moscow",
      modifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await row(ann.id)).toEqual({
      email: profile.email,
      name: "Ann New",
      username: "ann_new",
      date_of_birth: "1990-05-17",
      accent_color: "turquoise",
    });
    const check = await SELF.fetch(`${AUTH}/api/auth/checkAuth`, { headers: ann.headers });
    expect(await check.json()).toEqual({
      tokenData: { name: "Ann New", id: ann.id },
      userData: { accentColor: "turquoise", timeZone: "Europe/Moscow" },
    });
    expect((await put({ ...profile, dateOfBirth: "" }, ann.headers)).status).toBe(200);
    expect(await row(ann.id)).toMatchObject({ date_of_birth: null });
  });

  it("changes the e-mail one signs in with only with the current password: without it 400, a wrong one 401, nothing changed", async () => {
    const ann = await session("Ann");
    const before = await dumpDb();
    const without = await put(profile, ann.headers);
    expect(without.status).toBe(400);
    expect(await errorBodyOf(without)).toMatchObject({
      code: "auth.emailNeedsPassword",
      message: "Enter your current password to change the e-mail you sign in with",
    });
    const wrong = await put({ ...profile, currentPassword: "not it at all" }, ann.headers);
    expect(wrong.status).toBe(401);
    expect(await errorBodyOf(wrong)).toMatchObject({ code: "auth.wrongPassword" });
    const { login_attempts: attempts, ...rest } = await dumpDb();
    const { login_attempts: _, ...was } = before;
    expect(rest).toEqual(was);
    // The wrong one counts against the password's throttle, as change-password's do.
    expect(attempts).toHaveLength(1);
    // The old address still signs in; the same e-mail needs no password.
    expect((await login(ann.email)).status).toBe(200);
    expect((await put({ ...profile, email: ann.email }, ann.headers)).status).toBe(200);
    // With it: changed, and the new address signs in.
    expect((await put(withPassword, ann.headers)).status).toBe(200);
    expect((await login(profile.email)).status).toBe(200);
  });

  it("keeps a username typed in capitals lower-cased", async () => {
    const ann = await session("Ann");
    const res = await put({ ...withPassword, username: "Ann_New" }, ann.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: "ann_new" });
    expect(await row(ann.id)).toMatchObject({ username: "ann_new" });
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const ann = await session("Ann");
    const before = await row(ann.id);
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...profile, accentColor: "red" },
        "Accent colour must be one of orange, blue, yellow, green, purple, turquoise, pink",
      ],
      [{ ...profile, name: "" }, "Name is required"],
      [{ ...profile, email: undefined }, "Email is required"],
      [{ ...profile, username: "  " }, "Username is required"],
      [{ ...profile, username: "\u0430nn" }, "Username may hold Latin letters a-z, digits, '_' and '-' only"],
      [{ ...profile, username: "ann.new" }, "Username may hold Latin letters a-z, digits, '_' and '-' only"],
      [{ ...profile, email: "nope" }, "Email is not valid"],
      [{ ...profile, dateOfBirth: "17.05.1990" }, "Date of birth is not a valid date"],
    ];
    for (const [body, message] of cases) {
      const res = await put(body, ann.headers);
      expect(res.status).toBe(400);
      expect((await res.json<{ message: string }>()).message).toBe(message);
    }
    expect(await row(ann.id)).toEqual(before);
  });

  it("refuses another user's email or username with 409, and never touches their row", async () => {
    const ann = await session("Ann");
    const bob = await createUser("Bob");
    const annBefore = await row(ann.id);
    const bobBefore = await row(bob.id);
    const email = await put({ ...withPassword, email: "BOB@example.com" }, ann.headers);
    expect(email.status).toBe(409);
    expect((await email.json<{ message: string }>()).message).toBe("Email is already in use");
    const username = await put({ ...withPassword, username: "bob" }, ann.headers);
    expect(username.status).toBe(409);
    expect((await username.json<{ message: string }>()).message).toBe("Username is already taken");
    // Held in another case is held: "BOB" is stored "bob", Bob's.
    const upper = await put({ ...withPassword, username: "BOB" }, ann.headers);
    expect(upper.status).toBe(409);
    expect(await upper.json()).toMatchObject({ message: "Username is already taken", code: "auth.usernameTaken" });
    expect(await row(ann.id)).toEqual(annBefore);
    expect(await row(bob.id)).toEqual(bobBefore);
    // Keeping one's own email and username is fine.
    expect((await put({ ...profile, email: ann.email, username: ann.username }, ann.headers)).status).toBe(200);
    expect(await row(bob.id)).toEqual(bobBefore);
  });

  it("answers 401 signed out", async () => {
    const ann = await createUser("Ann");
    const before = await row(ann.id);
    expect((await put(profile)).status).toBe(401);
    expect(await row(ann.id)).toEqual(before);
  });
});
