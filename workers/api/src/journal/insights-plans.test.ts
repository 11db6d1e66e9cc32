import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb, signedInUser } from "../test/helpers.ts";
import { planProblems, sqlOf } from "../test/query-plans.ts";

// The insights' reads on a database without statistics (as production runs, never ANALYZEd): each walks the
// account's entries of the span by (user_id, date), and reaches their tags and metrics by the entry's key —
// never every entry of the mood metric, of which an old import may hold hundreds of thousands.
beforeEach(resetDb);

describe("the insights' query plans", () => {
  it("search the span's entries by user and date, then each entry's tags and metrics by its key", async () => {
    const ann = await signedInUser("Ann");
    await ann.call("POST", "/entries", {
      tags: ["run"],
      metrics: [
        { name: "mood", value: 4 },
        { name: "km", value: 3 },
      ],
    });
    const queries = (await sqlOf(() => ann.call("GET", "/insights?tz=Europe/Berlin"))).filter((q) =>
      /entries|tags|metrics/.test(q),
    );
    expect(queries.length).toBe(4);
    for (const query of queries) {
      expect(await planProblems(query), query).toEqual([]);
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>();
      const plan = results.map((r) => r.detail);
      if (!query.includes('"entries"')) continue;
      expect(plan, query).toContain(
        "SEARCH e USING COVERING INDEX entries_user_date_id (user_id=? AND date>? AND date<?)",
      );
      // The metrics by the entry's key, not the entries by their metric's index.
      expect(plan.join("\n"), query).not.toContain("entry_metrics_metric");
      expect(plan.filter((d) => /^(SEARCH|SCAN) e /.test(d))).toHaveLength(1);
    }
  });
});
