import { type Here, safeNext, siteOrigin } from "@nook/shared/common/sites";
import type { PushPayload } from "@nook/shared/push/schemas";

/** What the API sends a device (JSON, encrypted on the way): one reminder, in the person's language. */
export type { PushPayload };

export type NotificationActionName = NonNullable<PushPayload["actions"]>[number];

/**
 * The actions' titles in the payload's language. The service worker has no Lingui catalog to load (it
 * shows a notification from a push, with no page open): the two words of each language are here.
 */
export const ACTION_TITLES: Record<"en" | "ru", Record<NotificationActionName, string>> = {
  en: { mood: "Log mood", write: "Write" },
  ru: { mood: "Записать настроение", write: "Написать" },
};

/** What a notification carries to its click: where it goes, and the tag "Write" starts an entry with. */
export interface NotificationData {
  url: string;
  tag?: string;
}

const KINDS = new Set(["daily", "streak", "birthday", "deadline", "event", "test"]);
const ACTIONS = new Set<string>(["mood", "write"]);

/** The payload of a push, or null when it is not one (no data, not JSON, a field missing or of another type). */
export function parsePayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof x !== "object" || x === null) return null;
  const p = x as Record<string, unknown>;
  if (typeof p.kind !== "string" || !KINDS.has(p.kind)) return null;
  if (typeof p.title !== "string" || typeof p.body !== "string" || typeof p.url !== "string") return null;
  if (p.tag !== undefined && typeof p.tag !== "string") return null;
  if (p.id !== undefined && typeof p.id !== "string") return null;
  if (p.actions !== undefined && !(Array.isArray(p.actions) && p.actions.every((a) => ACTIONS.has(a)))) return null;
  return {
    kind: p.kind as PushPayload["kind"],
    title: p.title,
    body: p.body,
    url: p.url,
    ...(p.tag ? { tag: p.tag } : {}),
    ...(p.id ? { id: p.id } : {}),
    ...(p.actions ? { actions: p.actions as NotificationActionName[] } : {}),
    lang: p.lang === "ru" ? "ru" : "en",
  };
}

/** The notification's options: a push's title, body and actions; its tag replaces an earlier one of the same. */
export function notificationOf(payload: PushPayload) {
  const titles = ACTION_TITLES[payload.lang ?? "en"];
  const data: NotificationData = { url: payload.url, ...(payload.tag ? { tag: payload.tag } : {}) };
  return {
    title: payload.title,
    options: {
      body: payload.body,
      lang: payload.lang ?? "en",
      // One notification a reminder: a later push of the same occurrence takes its place.
      tag: payload.id ?? (payload.tag ? `${payload.kind}:${payload.tag}` : payload.kind),
      data,
      actions: (payload.actions ?? []).map((action) => ({ action, title: titles[action] })),
      // The auth site's own app icon (pages/vite.config.ts appManifests): a PNG, which every platform shows.
      icon: "/icons/auth-192.png",
    },
  };
}

/**
 * The page a click opens, seen from the service worker at `here` (the auth site): "mood" the launcher's
 * Today with its faces focused (`/?mood`), "write" the journal's new entry with the reminder's tag (a person's
 * as Today's "Write about" gives it, any other as `?prompt=tag`), anything else the notification's own
 * address — only on the suite's domain, else the launcher.
 */
export function clickTarget(action: string, data: Partial<NotificationData> | null | undefined, here: Here): string {
  const root = siteOrigin("root", here);
  const journal = siteOrigin("journal", here);
  if (action === "mood") return `${root}/?mood`;
  if (action === "write") {
    const tag = data?.tag;
    if (!tag) return `${journal}/#new-entry`;
    return tag.startsWith("@")
      ? `${journal}/?${new URLSearchParams({ prompt: "about", person: tag })}`
      : `${journal}/?${new URLSearchParams({ prompt: "tag", tag })}#new-entry`;
  }
  return safeNext(data?.url, here) ?? `${root}/`;
}
