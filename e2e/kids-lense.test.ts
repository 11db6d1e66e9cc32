import { describe, expect, it } from "vitest";
import { audit } from "./axe.ts";
import { cspRefusals, downloaded, newContext, putOnClipboard, siteUrl, useBrowser } from "./browser.ts";
import { alertText, button, expectMirrored, lense, lenseWithPicture, resultRow, stripesPng } from "./kids-fixtures.ts";

const browser = useBrowser();

describe("the kids site", () => {
  it("lense: an uploaded picture mirrored across the line; moved by slider, keys and drag; flipped; downloaded as PNG", async () => {
    const context = await newContext(browser());
    const empty = await context.newPage();
    const refused = cspRefusals(empty);
    await empty.goto(siteUrl("kids", "/lense"));
    await empty.getByText("No picture yet. Upload one or paste it to begin.").waitFor();
    await expect.poll(() => button(empty, "Download PNG").count()).toBe(0);
    expect(await audit(empty, "kids: the lense, empty")).toEqual([]);
    await empty.close();

    const page = await lenseWithPicture(context);
    const refusedHere = cspRefusals(page);
    const picture = { width: 400, height: 200 };
    await expect.poll(() => page.getByText("No picture yet.").count()).toBe(0);
    const line = lense.line(page);
    await expect.poll(() => line.inputValue()).toBe("200");
    await expect.poll(() => line.getAttribute("max")).toBe("399");
    await expect.poll(() => line.getAttribute("aria-valuetext")).toBe("50% from the left");
    await page.getByText("Keeping the left side").waitFor();
    await expectMirrored(page, picture, 200, "left");

    // The slider.
    await line.fill("100");
    await expectMirrored(page, picture, 100, "left");
    // The keys.
    await line.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => line.inputValue()).toBe("102");
    await expectMirrored(page, picture, 102, "left");

    // Dragging on the picture: the line follows the pointer (the picture fills its box at this width).
    const box = (await lense.picture(page).boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.5, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, y, { steps: 4 });
    await page.mouse.move(box.x + box.width * 0.75, y, { steps: 4 });
    await page.mouse.up();
    const dragged = Number(await line.inputValue());
    expect(Math.abs(dragged - 300)).toBeLessThanOrEqual(1);
    await expectMirrored(page, picture, dragged, "left");

    // Flip: the right side is kept and mirrored onto the left.
    await button(page, "Flip direction").click();
    await page.getByText("Keeping the right side").waitFor();
    await expectMirrored(page, picture, dragged, "right");
    await line.fill("150");
    await expectMirrored(page, picture, 150, "right");
    expect(await audit(page, "kids: the lense with a picture")).toEqual([]);

    // Download: a PNG named lense.png, the result's size.
    const downloading = page.waitForEvent("download");
    await button(page, "Download PNG").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("lense.png");
    const png = await downloaded(download);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: 500, height: 200 });

    // Not a picture: said in words, the picture kept.
    await lense.upload(page).setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("hello") });
    await alertText(page).getByText("That file could not be read as a picture. Try another one.").waitFor();
    await expectMirrored(page, picture, 150, "right");

    // A big picture is scaled down to 2048 px a side.
    await lense.upload(page).setInputFiles({
      name: "wide.png",
      mimeType: "image/png",
      buffer: await stripesPng(page, 4096, 64),
    });
    await expect.poll(() => line.getAttribute("max")).toBe("2047");
    await expect.poll(() => alertText(page).count()).toBe(0);
    await expect.poll(async () => (await resultRow(page, 0)).height).toBe(32);
    expect([...refused, ...refusedHere]).toEqual([]);
    await context.close();
  });

  it("lense: paste by Ctrl+V and by the Paste button; no picture and a refused clipboard said in words", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(siteUrl("kids", "/lense"));
    await context.grantPermissions(["clipboard-read"], { origin: siteUrl("kids", "") });

    // Words on the clipboard (put there from a site that copies: the lens only pastes): no picture, by the
    // button and by Ctrl+V.
    await putOnClipboard(context, "just words");
    await button(page, "Paste").click();
    await alertText(page).getByText("No image found in clipboard").waitFor();
    await page.reload();
    await page.locator("body").click();
    await page.keyboard.press("Control+V");
    await alertText(page).getByText("No image found in clipboard").waitFor();

    // A picture pasted (Ctrl+V hands it in the paste event).
    const png = await stripesPng(page, 60, 30);
    await page.evaluate((bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], "pasted.png", { type: "image/png" }));
      document.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
    }, Array.from(png));
    await lense.result(page).waitFor();
    await expect.poll(() => lense.line(page).getAttribute("max")).toBe("59");
    await expect.poll(() => alertText(page).count()).toBe(0);
    await expectMirrored(page, { width: 60, height: 30 }, 30, "left");

    // A picture on the clipboard, by the Paste button.
    await putOnClipboard(context, { png: Array.from(await stripesPng(page, 80, 20)) });
    await button(page, "Paste").click();
    await expect.poll(() => lense.line(page).getAttribute("max")).toBe("79");
    await expectMirrored(page, { width: 80, height: 20 }, 40, "left");
    await context.close();

    // Without leave to read the clipboard: the Paste button says to upload instead.
    const denied = await newContext(browser());
    const deniedPage = await denied.newPage();
    await deniedPage.goto(siteUrl("kids", "/lense"));
    await button(deniedPage, "Paste").click();
    await alertText(deniedPage).getByText("Paste failed. Please use the upload button.").waitFor();
    await denied.close();
  });
});
