import type { Page } from "playwright-core";
import { expect } from "vitest";
import { localFetch } from "../scripts/local-fetch.ts";

/**
 * The first `method` request to `url` (a glob or a pattern, as `page.route` takes it) reaches the server, sent
 * as the page sent it (Node does not resolve *.localhost, so not `route.fetch`), and its answer is cut off on
 * the way back; the rest pass. The server's answer to the first is checked: `status` when given, else a 2xx.
 * Returns the `Idempotency-Key` each request to it carried, in order (filled as they come).
 */
export async function loseFirstAnswer(page: Page, url: string | RegExp, method: string, status?: number) {
  const keys: string[] = [];
  let cut = false;
  await page.route(url, async (route) => {
    const request = route.request();
    if (request.method() !== method) return route.fallback();
    keys.push((await request.headerValue("idempotency-key")) ?? "");
    if (cut) return route.fallback();
    cut = true;
    const headers = await request.allHeaders();
    const answer = await localFetch(request.url(), {
      method,
      headers: Object.fromEntries(
        ["cookie", "content-type", "idempotency-key", "if-match", "nook-account", "origin"].flatMap((name) =>
          headers[name] === undefined ? [] : [[name, headers[name]]],
        ),
      ),
      body: request.postData() ?? undefined,
    });
    if (status === undefined) expect(answer.status, answer.text()).toBeLessThan(300);
    else expect(answer.status, answer.text()).toBe(status);
    await route.abort("connectionreset");
  });
  return keys;
}
