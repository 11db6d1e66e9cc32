import type { Page } from "playwright-core";

/**
 * The keys of the saved copies the page's site keeps (IndexedDB "nook-copies", saved-copies.ts): a copy's is
 * "copy\0<account>\0<data key>", an account's index "index\0<account>".
 */
export const keptCopyKeys = (page: Page) =>
  page.evaluate(async () => {
    // Only looked into once it is there: opening it here first would make it without its store.
    if (!(await indexedDB.databases()).some((d) => d.name === "nook-copies")) return [];
    return new Promise<string[]>((resolve) => {
      const open = indexedDB.open("nook-copies");
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("copies")) return resolve([]);
        const all = db.transaction("copies").objectStore("copies").getAllKeys();
        all.onsuccess = () => {
          db.close();
          resolve(all.result.map(String));
        };
      };
      open.onerror = () => resolve([]);
    });
  });
