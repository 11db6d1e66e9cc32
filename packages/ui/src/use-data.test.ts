import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { invalidate, mutate, useData } from "./use-data.ts";

// The hook over the store (data-store.test.ts has the store's behaviour): what a screen reads from it.
function Probe({ dataKey }: { dataKey: string | null }) {
  const d = useData<string>(dataKey, async () => "never called: a server render subscribes to nothing");
  return createElement("p", null, [d.data ?? "-", d.loading, d.refreshing, d.stale].join(" "));
}
/** "data loading refreshing stale" as the screen sees them. */
const render = (dataKey: string | null) => renderToStaticMarkup(createElement(Probe, { dataKey })).slice(3, -4);

describe("useData", () => {
  it("is loading until the key has an answer, then shows it; a null key is idle", async () => {
    expect(render("probe/a")).toBe("- true false false");
    mutate("probe/a", "answer");
    expect(render("probe/a")).toBe("answer false false false");
    expect(render(null)).toBe("- false false false");
    // Invalidated while no screen shows it: forgotten, so the next screen loads it anew.
    await invalidate("probe");
    expect(render("probe/a")).toBe("- true false false");
  });
});
