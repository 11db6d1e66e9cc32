import { describe, expect, it } from "vitest";
import { isMultiLineText, isOneLineText, isWellFormedText } from "./text.ts";

describe("what a text may hold", () => {
  it("is well-formed UTF-16: pairs in order, no half of one alone", () => {
    for (const ok of ["", "plain", "Ёлка 🎄", "\u{1F600}\u{10FFFF}"]) expect(isWellFormedText(ok), ok).toBe(true);
    for (const bad of ["\uD800", "a\uDC00b", "\uDE00\uD83D", "🎄\uD83C"]) expect(isWellFormedText(bad)).toBe(false);
  });

  it("on one line, holds no C0 control character, tab and line breaks included", () => {
    expect(isOneLineText("Ann Lee, 1815 · ok ~ \u007f\u0080")).toBe(true);
    for (const c of [0x00, 0x01, 0x09, 0x0a, 0x0d, 0x1b, 0x1f])
      expect(isOneLineText(`a${String.fromCharCode(c)}b`), `U+${c.toString(16)}`).toBe(false);
  });

  it("on several lines, allows tab, line feed and carriage return, and no other C0 character", () => {
    expect(isMultiLineText("- [ ] one\r\n\t- [x] two\n")).toBe(true);
    for (const c of [0x00, 0x07, 0x08, 0x0b, 0x0c, 0x1b, 0x1f])
      expect(isMultiLineText(`a${String.fromCharCode(c)}b`), `U+${c.toString(16)}`).toBe(false);
  });
});
