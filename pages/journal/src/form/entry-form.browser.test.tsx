import { accountKey } from "@nook/ui/account";
import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { registerScreenCatalogs } from "@nook/ui/screens";
import { writeStored } from "@nook/ui/stored";
import { ToastProvider } from "@nook/ui/toasts";
import { invalidate } from "@nook/ui/use-data";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { messages as en } from "../../locales/en.po";
import { EntryForm } from "./entry-form.tsx";
import "@nook/ui/styles.css";
import "../journal.css";

// The new entry's form as the journal's home shows it (home.tsx), for a new account: the API's answers (no tags,
// no metrics, no sleep marker) stubbed at fetch, its writes to the entries counted.
// The mood picker's own strings, a catalog loaded with it (as the site's entry registers it, pages/vite.config.ts).
registerScreenCatalogs({ mood: (locale) => import(`../../locales/mood/${locale}.po`) });

let writes: { method: string; body: unknown }[] = [];

/** The form's kept input (entry-form.tsx DRAFT_KEY, EDIT_KEY) forgotten: each test starts from an empty form. */
function forgetDrafts() {
  for (const key of ["journal-new-entry", "journal-edit-entry"]) writeStored(accountKey(key), undefined);
}

beforeEach(() => {
  // A draft kept by an earlier test (entry-form.tsx keeps what was typed) would fill this one's form.
  forgetDrafts();
  writes = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path === "/api/journal/entries" && (request.method === "POST" || request.method === "PUT")) {
        writes.push({ method: request.method, body: await request.json() });
        return Response.json({ id: 1 }, { status: 201 });
      }
      if (path === "/api/journal/tags-sorted" || path === "/api/journal/metrics") return Response.json([]);
      if (path === "/api/journal/entries-by-config") return Response.json([]);
      return new Response(null, { status: 404 });
    }),
  );
  // Asked again with this stub, not answered from the page's data store.
  invalidate("journal");
});
afterEach(() => {
  unmountPage();
  vi.unstubAllGlobals();
  forgetDrafts();
});

function showForm() {
  renderInPage(
    <ToastProvider>
      <EntryForm start={{ seq: 0, kind: "new" }} onSaved={() => {}} onDone={() => {}} />
    </ToastProvider>,
    "en",
    en,
  );
}

// Not exact: near the limit the Text field's label holds its counter too.
const field = (label: string) => page.getByLabelText(label, { exact: false });
const add = () => page.getByRole("button", { name: "Add", exact: true }).click();

describe("the entry form keeps what was typed", () => {
  it("stops on a half-typed metric or a tag with a leading '!', saying why", async () => {
    showForm();
    await field("Text").fill("half");
    await field("Metric label").fill("steps");
    await add();
    await expect.element(page.getByText("A metric needs a label and a value")).toBeVisible();
    await field("Metric label").fill("");
    await field("Tags").fill("!neg");
    await add();
    // The same words the API uses for it.
    await expect.element(page.getByText("A tag cannot start with '!'")).toBeVisible();
    expect(writes).toHaveLength(0);
    // The refusal goes with what it was about: the field cleared, it is gone; Enter on '!' again brings it back,
    // and Escape (which clears the field) takes it away too.
    await field("Tags").fill("");
    await expect.element(page.getByText("A tag cannot start with '!'")).not.toBeInTheDocument();
    await field("Tags").fill("!again");
    await userEvent.keyboard("{Enter}");
    await expect.element(page.getByText("A tag cannot start with '!'")).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await expect.element(field("Tags")).toHaveValue("");
    await expect.element(page.getByText("A tag cannot start with '!'")).not.toBeInTheDocument();
    expect(writes).toHaveLength(0);
  });

  it("shows the text limit near the end and stops at it", async () => {
    showForm();
    const text = field("Text");
    await expect.element(text).toHaveAttribute("maxlength", "10000");
    await text.fill("x".repeat(9500));
    await expect.element(page.getByText("9,500 / 10,000")).toBeVisible();
    await text.fill("y".repeat(10_050));
    await expect.poll(() => (text.element() as HTMLTextAreaElement).value.length).toBe(10_000);
  });
});
