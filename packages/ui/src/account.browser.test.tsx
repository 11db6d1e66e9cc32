import { ACCOUNT_COOKIE } from "@nook/shared/common/account-cookie";
import { ACCOUNT_HEADER } from "@nook/shared/common/account-header";
import { afterAll, describe, expect, it, vi } from "vitest";
import { adoptAccount, cookieJar, noticeSwitch, restart, startAccount } from "./account.ts";
import { accountFetch } from "./api.ts";
import { discardedBefore, discardWaiting, waitingOf } from "./waiting-notes.ts";

// One page's account in a browser shared by two people (account.ts, api.ts accountFetch): the account
// cookie is what the API sets at a sign-in in any tab of the browser.
// Read by this file's page alone (cookieJar): the browser's own cookies are every test file's.
let cookies = "";
cookieJar.read = () => cookies;
const signedInAs = (id: number | null) => {
  cookies = id === null ? "" : `${ACCOUNT_COOKIE}=${id}`;
};
/** A fetch that answers `answer` and keeps what it was asked. */
const server = (answer: () => Response) => {
  const asked: { url: string; headers: Headers }[] = [];
  const fetcher = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push({ url: String(input), headers: new Headers(init?.headers) });
    return answer();
  });
  return { asked, fetch: accountFetch(fetcher as typeof fetch), fetcher };
};

afterAll(() => {
  signedInAs(null);
  // biome-ignore lint/suspicious/noDocumentCookie: the notes this file wrote, gone
  for (const name of ["nook_waiting_journal_7", "nook_waiting_people_7", "nook_waiting_journal_8", "nook_discard_7"])
    document.cookie = `${name}=; Path=/; Max-Age=0`;
});

describe("a page keeps to its account", () => {
  it("names it on every write, never on a read", async () => {
    signedInAs(7);
    adoptAccount();
    const { asked, fetch } = server(() => Response.json({}, { headers: { [ACCOUNT_HEADER]: "7" } }));
    await fetch("/api/journal/entries", { method: "POST", headers: { "Idempotency-Key": "k" } });
    await fetch("/api/journal/entries");
    expect(asked.map((a) => [a.headers.get(ACCOUNT_HEADER), a.headers.get("Idempotency-Key")])).toEqual([
      ["7", "k"],
      [null, null],
    ]);
  });

  it("never gives a screen an answer of another account's session: it is a 409 of its own words", async () => {
    const { fetch } = server(() => Response.json([{ text: "Bob's private" }], { headers: { [ACCOUNT_HEADER]: "8" } }));
    const res = await fetch("/api/journal/entries");
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "platform.otherAccount" });
  });

  it("becomes the new account at this tab's own sign-in, and starts nothing again", async () => {
    const restarted = vi.fn();
    restart.page = restarted;
    const { fetch } = server(() => {
      signedInAs(9);
      return Response.json({ token: "t" });
    });
    await fetch("/api/auth/login", { method: "POST" });
    expect(startAccount()).toBe(9);
    expect(noticeSwitch()).toBe(false);
    expect(restarted).not.toHaveBeenCalled();
  });

  it("at another tab's sign-in: hides, starts again, and sends nothing more", async () => {
    const restarted = vi.fn();
    restart.page = restarted;
    const root = document.createElement("div");
    root.id = "root";
    document.body.append(root);
    signedInAs(10);
    expect(noticeSwitch()).toBe(true);
    expect(root.hidden).toBe(true);
    expect(restarted).toHaveBeenCalledTimes(1);
    // The page is still the account it was until it starts again, and nothing it asks goes out.
    expect(startAccount()).toBe(9);
    const { fetch, fetcher } = server(() => Response.json({}));
    const settled = await Promise.race([
      fetch("/api/journal/entries", { method: "POST" }).then(() => "settled"),
      new Promise((resolve) => setTimeout(() => resolve("pending"), 50)),
    ]);
    expect(settled).toBe("pending");
    expect(fetcher).not.toHaveBeenCalled();
    expect(noticeSwitch()).toBe(true);
    expect(restarted).toHaveBeenCalledTimes(1);
    root.remove();
  });
});

describe("what waits unsent, told to every site (waiting-notes.ts)", () => {
  it("counts an account's waiting writes by site, and a discard drops the counts and says when", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: as each site's queue writes them
    document.cookie = "nook_waiting_journal_7=2; Path=/";
    // biome-ignore lint/suspicious/noDocumentCookie: see above
    document.cookie = "nook_waiting_people_7=1; Path=/";
    // biome-ignore lint/suspicious/noDocumentCookie: see above
    document.cookie = "nook_waiting_journal_8=5; Path=/";
    expect(waitingOf(7)).toEqual([
      { site: "journal", count: 2 },
      { site: "people", count: 1 },
    ]);
    expect(discardedBefore(7)).toBeNull();
    discardWaiting({ site: "auth", domain: undefined }, 7, 1_000);
    expect(waitingOf(7)).toEqual([]);
    expect(discardedBefore(7)).toBe(1_000);
    expect(waitingOf(8)).toEqual([{ site: "journal", count: 5 }]);
    expect(discardedBefore(8)).toBeNull();
  });
});
