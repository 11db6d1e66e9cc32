import type { Mood } from "@nook/shared/journal/mood";
import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { page, userEvent } from "vitest/browser";
import { messages as en } from "../../locales/mood/en.po";
import { MoodPicker } from "./mood-picker.tsx";
import "@nook/ui/styles.css";
import "../journal.css";

/** The picker as the entry form holds it: its mood in the form's state, none at first. */
function Form() {
  const [mood, setMood] = useState<Mood | null>(null);
  return <MoodPicker mood={mood} onChange={setMood} />;
}

afterEach(unmountPage);

describe("the mood picker", () => {
  it("moves between the mood's faces with the arrow keys, one Tab stop for all five", async () => {
    const host = renderInPage(<Form />, "en", en);
    const face = (name: RegExp) => page.getByRole("radio", { name });
    await expect.element(face(/^1 sad/)).toBeInTheDocument();
    expect([...host.querySelectorAll('.moods [role="radio"]')].map((el) => el.getAttribute("tabindex"))).toEqual([
      "0",
      "-1",
      "-1",
      "-1",
      "-1",
    ]);
    (face(/^1 sad/).element() as HTMLElement).focus();
    await userEvent.keyboard("{ArrowRight}");
    await expect.element(face(/^2 slightly sad/)).toHaveAttribute("aria-checked", "true");
    await expect.poll(() => face(/^2 slightly sad/).element() === document.activeElement).toBe(true);
    await userEvent.keyboard("{End}");
    await expect.element(face(/^5 very happy/)).toHaveAttribute("aria-checked", "true");
    await userEvent.keyboard("{ArrowRight}");
    await expect.element(face(/^1 sad/)).toHaveAttribute("aria-checked", "true");
    // Space on the chosen face clears the mood (spec: picking the same mood twice clears it).
    await userEvent.keyboard(" ");
    await expect.element(face(/^1 sad/)).toHaveAttribute("aria-checked", "false");
  });
});
