import { message, type ServerMessage } from "@nook/shared/common/messages";
import { CHAINS, type Chain, CURRENCY } from "@nook/shared/donate/amounts";
import { DonateInfoBody, DonationsQuery, UsernameParam } from "@nook/shared/donate/schemas";
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import { users } from "../auth/schema.ts";
import type { AppEnv } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { fail } from "../platform/errors.ts";
import { idempotentInBatch, keyed, keyedBatch } from "../platform/idempotency.ts";
import { requireUser } from "../platform/require-user.ts";
import { validate } from "../platform/validate.ts";
import {
  type Batch,
  conflict,
  IF_MATCH_INVALID,
  ifMatch,
  isVersionConflict,
  versionGate,
} from "../platform/version-gate.ts";
import { donateInfo, donationSources, donations } from "./schema.ts";

const NO_INFO = message("No donation information yet");
const PAGE_NOT_FOUND = message("Donation page not found");

/** The info as the spec names its fields (spec 1 §3). */
const infoColumns = {
  donatePageTitle: donateInfo.title,
  ethAddress: donateInfo.ethAddress,
  btcAddress: donateInfo.btcAddress,
  paypalDonateButtonId: donateInfo.paypalDonateButtonId,
};

/** The user's own page as GET /info answers it: with its version (`modifiedAt`, for If-Match), which the public page leaves out. */
async function ownInfo(db: Db, userId: number) {
  const row = await db
    .select({ ...infoColumns, updatedAt: donateInfo.updatedAt })
    .from(donateInfo)
    .where(eq(donateInfo.userId, userId))
    .get();
  if (!row) return undefined;
  const { updatedAt, ...info } = row;
  return { ...info, modifiedAt: new Date(updatedAt).toISOString() };
}

/** Where a transaction can be seen by anyone. */
export function explorerUrl(chain: Chain, txId: string): string {
  return chain === "btc" ? `https://mempool.space/tx/${txId}` : `https://etherscan.io/tx/${txId}`;
}

/** The addresses polling watches follow the page: a changed address starts afresh, a removed one stops. */
function sourceStatements(db: Db, userId: number, info: { btcAddress: string; ethAddress: string }) {
  return CHAINS.map((chain) => {
    const address = chain === "btc" ? info.btcAddress : info.ethAddress;
    const mine = and(eq(donationSources.userId, userId), eq(donationSources.chain, chain));
    if (!address) return db.delete(donationSources).where(mine);
    return db
      .insert(donationSources)
      .values({ userId, chain, address })
      .onConflictDoUpdate({
        target: [donationSources.userId, donationSources.chain],
        set: {
          address,
          cursor: sql`CASE WHEN ${donationSources.address} = excluded.address THEN ${donationSources.cursor} END`,
          checkedAt: sql`CASE WHEN ${donationSources.address} = excluded.address THEN ${donationSources.checkedAt} ELSE 0 END`,
          lastError: sql`CASE WHEN ${donationSources.address} = excluded.address THEN ${donationSources.lastError} END`,
        },
      });
  });
}

/**
 * The donation page (spec 1 §7 "Donate"): the signed-in user's info and the
 * donations polling recorded (donate/poll.ts), and a public page per user.
 */
export const donateRoutes = new Hono<AppEnv>()
  // Public, signed out: a page's title and ways to pay; nothing else about its owner.
  .get("/public/:username", validate("param", UsernameParam), async (c) => {
    const row = await c.var.db
      .select(infoColumns)
      .from(donateInfo)
      .innerJoin(users, eq(users.id, donateInfo.userId))
      .where(eq(users.username, c.req.valid("param").username))
      .get();
    if (!row) return fail(c, 404, PAGE_NOT_FOUND);
    return c.json(row, 200);
  })
  .use(requireUser)
  // None yet is a normal state, not an error: 200 with null (no 404 in a new user's console).
  .get("/info", async (c) => c.json((await ownInfo(c.var.db, c.var.user.id)) ?? null, 200))
  .put("/info", validate("json", DonateInfoBody), idempotentInBatch, async (c) => {
    const body = c.req.valid("json");
    const { db, keyClaim } = c.var;
    const userId = c.var.user.id;
    const version = ifMatch(c);
    if (version === null) return fail(c, 400, IF_MATCH_INVALID);
    const values = {
      title: body.donatePageTitle,
      ethAddress: body.ethAddress,
      btcAddress: body.btcAddress,
      paypalDonateButtonId: body.paypalDonateButtonId,
      updatedAt: Date.now(),
    };
    // A retry of a keyed save: the page as it is now, found again by its user (one page a user).
    const again = async () => {
      const info = await ownInfo(db, userId);
      return info ? c.json(info, 200) : fail(c, 404, NO_INFO);
    };
    return keyed(c, again, async () => {
      try {
        await db.batch([
          // The request's Idempotency-Key, claimed first (platform/idempotency.ts) with the page's key, its
          // user: a retry of a save that was written fails on it and is answered with the page, not refused as
          // stale by the version the save itself moved on.
          ...keyedBatch(db, keyClaim, 200, sql`${userId}`),
          // Against the version it was read at, when given (platform/version-gate.ts): a stale write changes nothing.
          ...versionGate(db, "donate", userId, 0, version),
          db
            .insert(donateInfo)
            .values({ userId, ...values })
            .onConflictDoUpdate({ target: donateInfo.userId, set: values }),
          ...sourceStatements(db, userId, body),
        ] as unknown as Batch);
      } catch (err) {
        if (!isVersionConflict(err)) throw err;
        return conflict(c, (await ownInfo(db, userId)) ?? null);
      }
      return c.json({ ...body, modifiedAt: new Date(values.updatedAt).toISOString() }, 200);
    });
  })
  .delete("/info", async (c) => {
    const userId = c.var.user.id;
    const [deleted] = await c.var.db.batch([
      c.var.db.delete(donateInfo).where(eq(donateInfo.userId, userId)).returning({ userId: donateInfo.userId }),
      c.var.db.delete(donationSources).where(eq(donationSources.userId, userId)),
    ]);
    if (!deleted.length) return fail(c, 404, NO_INFO);
    return c.json({ message: "Donation information deleted" satisfies ServerMessage }, 200);
  })
  .get("/donations", validate("query", DonationsQuery), async (c) => {
    const { before, limit } = c.req.valid("query");
    const mine = eq(donations.userId, c.var.user.id);
    const rows = await c.var.db
      .select({
        id: donations.id,
        chain: donations.chain,
        txId: donations.txId,
        amount: donations.amount,
        from: donations.fromAddress,
        at: donations.at,
      })
      .from(donations)
      .where(
        before
          ? and(mine, or(lt(donations.at, before.at), and(eq(donations.at, before.at), lt(donations.id, before.id))))
          : mine,
      )
      .orderBy(desc(donations.at), desc(donations.id))
      .limit(limit + 1)
      .all();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return c.json(
      {
        donations: page.map((d) => ({
          ...d,
          currency: CURRENCY[d.chain].code,
          at: new Date(d.at).toISOString(),
          explorerUrl: explorerUrl(d.chain, d.txId),
        })),
        next: rows.length > limit && last ? `${last.at}~${last.id}` : null,
      },
      200,
    );
  });
