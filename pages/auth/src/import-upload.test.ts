import { IMPORT_CHUNK_BYTES } from "@nook/shared/import/limits";
import { ApiError } from "@nook/ui/api";
import { strToU8, zipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chunkQuery, loopNumericColumns, prepareFile, withRetries } from "./import-upload.ts";

/** SHA-256 of a text's UTF-8, hex: what the API names a file by. */
async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("loopNumericColumns", () => {
  it("names the habit columns with an amount above 3, as the API decides per file", () => {
    const csv = [
      "Date,Read,Water,Walk,",
      "2025-03-03,YES_MANUAL,1500,2,",
      "2025-03-02,YES_AUTO,UNKNOWN,3,",
      "2025-03-01,NO,-1,SKIP,",
      "",
    ].join("\n");
    expect(loopNumericColumns(csv)).toEqual([2]);
  });

  it("reads the whole file: an amount far below the first rows counts", () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `2025-03-01,2,${i === 4999 ? 4 : 0},`);
    expect(loopNumericColumns(["Date,Read,Water,", ...rows].join("\n"))).toEqual([2]);
  });

  it("skips the header, blank lines and the Date column; reads quoted cells and their line breaks", () => {
    const csv = ["", 'Date,5,"Read, 10 pages",Water', "", '2025-03-01,0,"2","1,000"', '"20250302","0","3\n","7"'].join(
      "\r\n",
    );
    expect(loopNumericColumns(csv)).toEqual([3]);
  });
});

describe("prepareFile", () => {
  it("cuts a CSV into chunks within the API's limit, named by the SHA-256 of its text (no byte-order mark)", async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `2025-01-01,x,x,10:00,good,,,${"n".repeat(200)} ${i}`);
    const text = ["full_date,date,weekday,time,mood,activities,note_title,note", ...rows].join("\n");
    const read = await prepareFile(new File([`\uFEFF${text}`], "daylio.csv"), "daylio");
    if (!read.ok) throw new Error(read.problem);
    expect(read.prepared.chunks.length).toBeGreaterThan(2);
    for (const chunk of read.prepared.chunks)
      expect(new TextEncoder().encode(chunk.body).length).toBeLessThanOrEqual(IMPORT_CHUNK_BYTES);
    expect(read.prepared.fileHash).toBe(await sha256(text));
    expect(read.prepared.numeric).toBe("");
  });

  it("refuses a file that is not UTF-8, and a row longer than a chunk, by their problems", async () => {
    expect(await prepareFile(new File([new Uint8Array([0x44, 0xff, 0xfe])], "x.csv"), "daylio")).toEqual({
      ok: false,
      problem: "notText",
    });
    const long = `full_date,note\n2025-01-01,ok\n2025-01-02,${"x".repeat(IMPORT_CHUNK_BYTES)}\n`;
    expect(await prepareFile(new File([long], "x.csv"), "daylio")).toEqual({
      ok: false,
      problem: "rowTooLong",
      row: "3",
    });
    expect(await prepareFile(new File(['{"entries": [],\n\n}'], "x.json"), "nook")).toEqual({
      ok: false,
      problem: "notJson",
      line: 3,
    });
  });

  it("sends a bare Checkmarks.csv's numeric columns, and a ZIP's with those its amounts show", async () => {
    const csv = "Date,Read,Water,\n2025-03-02,YES_MANUAL,1500,\n2025-03-01,NO,0,\n";
    const bare = await prepareFile(new File([csv], "Checkmarks.csv"), "loop");
    expect(bare.ok && bare.prepared.numeric).toBe("2");
    const habits = "Position,Name,Type\n001,Read,NUMERICAL\n002,Water,NUMERICAL\n";
    const zip = zipSync({ "Checkmarks.csv": strToU8(csv), "Habits.csv": strToU8(habits) });
    const zipped = await prepareFile(new File([zip], "loop.zip"), "loop");
    if (!zipped.ok) throw new Error(zipped.problem);
    expect(zipped.prepared.numeric).toBe("1,2");
    expect(zipped.prepared.fileHash).toBe(
      await sha256('Date,"Read","Water",\n2025-03-02,YES_MANUAL,1500,\n2025-03-01,NO,0,\n'),
    );
    const notZip = await prepareFile(new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0])], "loop.zip"), "loop");
    expect(notZip).toEqual({ ok: false, problem: "zip", zip: "notZip" });
  });

  it("refuses a Loop ZIP that unpacks to 1,000 times its size, by its problem", async () => {
    // 20 MB of zeros in 20 KB: past the 16 MB read whatever the ratio, and past 100 times the ZIP.
    const bomb = zipSync({ "Checkmarks.csv": new Uint8Array(20 * 1024 * 1024) });
    expect(await prepareFile(new File([bomb], "loop.zip"), "loop")).toEqual({
      ok: false,
      problem: "zip",
      zip: "overRatio",
    });
  });
});

describe("chunkQuery", () => {
  it("carries the chunk's place and the options that are set, in the preview's order", () => {
    expect(
      chunkQuery(
        { body: "", offset: 12, line: 2, stackPart: "more" },
        { moods: { "tired, but ok": 2 }, numeric: "", changeMoods: true, donatePage: false },
      ),
    ).toEqual({ offset: "12", line: "2", stackPart: "more", moods: '[["tired, but ok",2]]', changeMoods: "1" });
    expect(
      Object.keys(
        chunkQuery({ body: "", offset: 0, line: 2 }, { moods: {}, numeric: "2", changeMoods: false, donatePage: true }),
      ),
    ).toEqual(["offset", "line", "numeric", "donatePage"]);
  });
});

describe("withRetries", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A call failing with each of `failures` in turn, then answering "done"; the times it was made, in ms. */
  function failing(failures: ApiError[]) {
    const at: number[] = [];
    const call = async () => {
      at.push(Date.now());
      const failure = failures[at.length - 1];
      if (failure) throw failure;
      return "done";
    };
    return { call, at };
  }

  it("tries a call failing in passing (a 503, no network) again after 0.5, 1.5, 3 and 6 s, and answers its answer", async () => {
    vi.useFakeTimers({ now: 0 });
    const { call, at } = failing([new ApiError(503, null), new ApiError(0, null)]);
    const answer = withRetries(call);
    await vi.runAllTimersAsync();
    expect(await answer).toBe("done");
    expect(at).toEqual([0, 500, 2000]);
  });

  it("gives up after the fourth wait with the last failure, and at once on a refusal (a 400)", async () => {
    vi.useFakeTimers({ now: 0 });
    const lasting = failing(Array.from({ length: 6 }, () => new ApiError(503, null)));
    const given = withRetries(lasting.call).catch((err: unknown) => err);
    await vi.runAllTimersAsync();
    expect(await given).toMatchObject({ status: 503 });
    expect(lasting.at).toEqual([0, 500, 2000, 5000, 11000]);
    const refused = failing([new ApiError(400, "Line 2: not a date")]);
    await expect(withRetries(refused.call)).rejects.toMatchObject({ status: 400 });
    expect(refused.at).toEqual([11000]);
  });

  it("stops waiting at once when its signal aborts, with the failure", async () => {
    vi.useFakeTimers({ now: 0 });
    const controller = new AbortController();
    const { call, at } = failing([new ApiError(503, null), new ApiError(503, null)]);
    const given = withRetries(call, controller.signal).catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(await given).toMatchObject({ status: 503 });
    expect(at).toEqual([0]);
  });
});
