import { describe, expect, it } from "vitest";
import { boxTokens, readBox } from "./search-read.ts";

// The search box splits on spaces, but a tag may hold them: "Write about Ada Lovelace" on Today tags the entry
// `@ada lovelace`, and typing that into the box must find it.

describe("the search box's tokens", () => {
  const known = ["coffee", "@ada lovelace", "@ada", "long walk home", "long walk"];

  it("keeps a known tag with spaces whole, the longest that matches", () => {
    expect(boxTokens("@ada lovelace", known)).toEqual(["@ada lovelace"]);
    expect(boxTokens("@Ada  Lovelace tea", known)).toEqual(["@Ada Lovelace", "tea"]);
    expect(boxTokens("#long walk home rain", known)).toEqual(["#long walk home", "rain"]);
    expect(boxTokens("#long walk rain", known)).toEqual(["#long walk", "rain"]);
    expect(boxTokens("!#long walk", known)).toEqual(["!#long walk"]);
    expect(boxTokens("!@ada lovelace", known)).toEqual(["!@ada lovelace"]);
  });

  it("reads a word after a tag as a word when no known tag holds both", () => {
    expect(boxTokens("@ada coffee", known)).toEqual(["@ada", "coffee"]);
    expect(boxTokens("lovelace @ada", known)).toEqual(["lovelace", "@ada"]);
    // Words are never joined: only a tag's token takes the words after it.
    expect(boxTokens("ada lovelace", known)).toEqual(["ada", "lovelace"]);
  });

  it("keeps a quoted tag whole, known or not", () => {
    expect(boxTokens('#"two words" tea', [])).toEqual(["#two words", "tea"]);
    expect(boxTokens('@"ada lovelace"', [])).toEqual(["@ada lovelace"]);
    expect(boxTokens('!"rainy day"', [])).toEqual(["!rainy day"]);
    expect(boxTokens('#"one"', [])).toEqual(["#one"]);
    // A quote never closed runs to the box's end.
    expect(boxTokens('#"no end here', [])).toEqual(["#no end here"]);
  });

  it("reads the tags and the words for the API", () => {
    expect(readBox("@ada lovelace rain !#long walk", known)).toEqual({
      words: ["rain"],
      tags: [
        { name: "@ada lovelace", not: false },
        { name: "long walk", not: true },
      ],
    });
    // Without the user's tags (not loaded yet) the box reads as before: each part alone.
    expect(readBox("@ada lovelace")).toEqual({ words: ["lovelace"], tags: [{ name: "@ada", not: false }] });
  });
});
