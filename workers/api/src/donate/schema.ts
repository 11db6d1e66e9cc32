import { CHAINS } from "@nook/shared/donate/amounts";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema.ts";
import { importIndex } from "../platform/import-index.ts";

/** A user's donation page (spec 1 §3 "Donation info"): one per user; empty strings for unset ways to pay. */
export const donateInfo = sqliteTable("donate_info", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  ethAddress: text("eth_address").notNull().default(""),
  btcAddress: text("btc_address").notNull().default(""),
  paypalDonateButtonId: text("paypal_donate_button_id").notNull().default(""),
  updatedAt: integer("updated_at").notNull(),
  /** The import run that added it (imports.id), or null: what "Undo this import" removes. */
  importId: integer("import_id"),
  /**
   * The `updated_at` its import run wrote (the file's, or the time of the import), or null: the row is edited
   * since the import when `updated_at` is no longer it (every edit sets the time of the edit), whatever time
   * the file gave, past or future.
   */
  importMark: integer("import_mark"),
});

/**
 * A payment received at a page's address, recorded once it is confirmed
 * (donate/poll.ts). `amount` is in the chain's smallest unit (satoshi, wei)
 * as decimal digits: wei outgrow SQLite's 64-bit integers.
 */
export const donations = sqliteTable(
  "donations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chain: text("chain", { enum: CHAINS }).notNull(),
    txId: text("tx_id").notNull(),
    amount: text("amount").notNull(),
    fromAddress: text("from_address").notNull().default(""),
    /** When the block was mined (epoch ms). */
    at: integer("at").notNull(),
    recordedAt: integer("recorded_at").notNull(),
    /** The import run that added it (imports.id), or null: what "Undo this import" removes. */
    importId: integer("import_id"),
  },
  (t) => [
    uniqueIndex("donations_user_chain_tx").on(t.userId, t.chain, t.txId),
    index("donations_user_at").on(t.userId, t.at, t.id),
    importIndex("donations", t),
  ],
);

/**
 * Where polling stands for one page's address on one chain: when it was last
 * asked, where an unfinished walk through older transactions resumes, and
 * the last failure (kept for the next run, which simply asks again).
 */
export const donationSources = sqliteTable(
  "donation_sources",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chain: text("chain", { enum: CHAINS }).notNull(),
    address: text("address").notNull(),
    /** BTC: the txid to page on from (older); ETH: the first block not yet settled. */
    cursor: text("cursor"),
    checkedAt: integer("checked_at").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chain] }), index("donation_sources_checked").on(t.checkedAt)],
);
