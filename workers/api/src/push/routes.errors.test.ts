import { beforeAll, describe } from "vitest";
import { refusesEach, resetDb, signedInUser } from "../test/helpers.ts";
import { browserSubscription, pushCall } from "./test-calls.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeAll(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

const browser = browserSubscription("https://push.example.net/wpush/v2/x");
const subscribe = (change: (body: typeof browser.body) => unknown) => () =>
  pushCall(ann, "POST", "/push/subscriptions", change(structuredClone(browser.body)));
const ENDPOINT = "A push endpoint is an https address of at most 2048 characters";
const P256DH = "The subscription's p256dh key is a P-256 public key: 65 bytes in base64url";
const AUTH = "The subscription's auth secret is 16 bytes in base64url";
// A key of 65 bytes that is not an uncompressed point (it starts with 2, not 4).
const compressedLike = `A${browser.body.keys.p256dh.slice(1)}`;

describe("POST /api/push/subscriptions refuses what is not a browser's subscription", () => {
  refusesEach([
    [
      "an endpoint over plain http elsewhere than this machine",
      ENDPOINT,
      subscribe((b) => ({ ...b, endpoint: "http://push.example.net/x" })),
    ],
    ["an endpoint on loopback without a port", ENDPOINT, subscribe((b) => ({ ...b, endpoint: "http://127.0.0.1/x" }))],
    ["an endpoint that is no address", ENDPOINT, subscribe((b) => ({ ...b, endpoint: "push me" }))],
    [
      "an endpoint with a user and password",
      ENDPOINT,
      subscribe((b) => ({ ...b, endpoint: "https://u:p@push.example.net/x" })),
    ],
    [
      "an endpoint of 2049 characters",
      ENDPOINT,
      subscribe((b) => ({ ...b, endpoint: `https://push.example.net/${"e".repeat(2049 - 25)}` })),
    ],
    ["no endpoint", "Endpoint is required", subscribe(({ endpoint: _, ...b }) => b)],
    ["no keys", "Keys is required", subscribe(({ keys: _, ...b }) => b)],
    [
      "a p256dh of 64 bytes",
      P256DH,
      subscribe((b) => ({ ...b, keys: { ...b.keys, p256dh: b.keys.p256dh.slice(0, 86) } })),
    ],
    [
      "a p256dh that is not base64url",
      P256DH,
      subscribe((b) => ({ ...b, keys: { ...b.keys, p256dh: `${b.keys.p256dh.slice(0, 85)}+/` } })),
    ],
    [
      "a p256dh that is no uncompressed point",
      P256DH,
      subscribe((b) => ({ ...b, keys: { ...b.keys, p256dh: compressedLike } })),
    ],
    [
      "an auth secret of 15 bytes",
      AUTH,
      subscribe((b) => ({ ...b, keys: { ...b.keys, auth: b.keys.auth.slice(0, 20) } })),
    ],
    ["an auth secret that is a number", AUTH, subscribe((b) => ({ ...b, keys: { ...b.keys, auth: 16 } }))],
    [
      "a device's name of 101 characters",
      "A device's name is at most 100 characters",
      subscribe((b) => ({ ...b, device: "d".repeat(101) })),
    ],
    [
      "a device's name with a control character",
      "Device cannot contain control characters",
      subscribe((b) => ({ ...b, device: "a\u0007b" })),
    ],
  ]);
});

const settings = {
  daily: { time: "21:00" },
  streaks: null,
  birthdays: false,
  deadlines: false,
  events: false,
  quiet: null,
} as Record<string, unknown>;
const put = (change: Record<string, unknown>) => () => pushCall(ann, "PUT", "/reminders", { ...settings, ...change });
const TIME = "A reminder's time is a time of day from 00:00 to 23:59 (HH:MM)";

describe("PUT /api/reminders refuses settings that are not whole or not times of day", () => {
  refusesEach([
    ["24:00", TIME, put({ daily: { time: "24:00" } })],
    ["9:00 without its leading zero", TIME, put({ daily: { time: "9:00" } })],
    ["12:60", TIME, put({ quiet: { from: "12:60", to: "13:00" } })],
    ["a time with seconds", TIME, put({ streaks: { time: "20:00:00", items: [] } })],
    ["quiet hours without their end", "To is required", put({ quiet: { from: "23:00" } })],
    ["a switch that is not true or false", "Birthdays is not valid", put({ birthdays: "yes" })],
    [
      "settings without a switch",
      "Events is required",
      () => pushCall(ann, "PUT", "/reminders", { ...settings, events: undefined }),
    ],
    [
      "51 streak items",
      "A streak reminder follows at most 50 stack items",
      put({ streaks: { time: "20:00", items: Array.from({ length: 51 }, (_, i) => i + 1) } }),
    ],
    ["a streak item that is no id", "The id must be a whole number", put({ streaks: { time: "20:00", items: [0] } })],
    ["a streak item as text", "The id must be a whole number", put({ streaks: { time: "20:00", items: ["1"] } })],
  ]);
});
