import { describe, expect, it } from "vitest";
import { journalEntryUrl, markedName, resultText } from "./result-text.ts";

describe("the result text", () => {
  it("lists the cards, ' (R)' after a reversed one", () => {
    expect(markedName("The Moon", true)).toBe("The Moon (R)");
    expect(markedName("The Moon", false)).toBe("The Moon");
    expect(
      resultText([
        { name: "Three of Cups", reversed: false },
        { name: "The Moon", reversed: true },
        { name: "Ace of Swords", reversed: false },
      ]),
    ).toBe("Three of Cups, The Moon (R), Ace of Swords");
  });

  it("adds a line per card with its gist, the way it fell", () => {
    expect(
      resultText([
        { name: "The Star", reversed: false, gist: "Hope returns." },
        { name: "Луна", reversed: true, gist: "Страх рассеивается." },
      ]),
    ).toBe("The Star, Луна (R)\n\nThe Star — Hope returns.\nЛуна (R) — Страх рассеивается.");
  });

  it("hands the text to the journal's form, encoded, with the tarot prompt", () => {
    const url = journalEntryUrl("http://journal.nook.localhost:8787", "The Moon (R), Ace & Two\n\nЛуна #1", "mwxcq2bf");
    expect(url.startsWith("http://journal.nook.localhost:8787/?prompt=tarot&text=")).toBe(true);
    const parsed = new URL(url);
    expect(parsed.searchParams.get("prompt")).toBe("tarot");
    expect(parsed.searchParams.get("text")).toBe("The Moon (R), Ace & Two\n\nЛуна #1");
    expect(parsed.searchParams.get("draw")).toBe("mwxcq2bf");
    expect(parsed.hash).toBe("#new-entry");
  });
});
