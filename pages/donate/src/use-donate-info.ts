import { useLingui } from "@lingui/react/macro";
import { ApiError, errorText } from "@nook/ui/api";
import { useData } from "@nook/ui/use-data";
import { type DonateInfo, donateApi } from "./donate-api.ts";

export type DonateInfoState =
  | { status: "loading" }
  /** No page yet (the API's 404). */
  | { status: "none" }
  | { status: "failed"; error: string }
  | { status: "ready"; info: DonateInfo };

/**
 * The signed-in user's donation info, through useData (one call for the home and /manage); `set` keeps a
 * save's answer, or null after a delete.
 */
export function useDonateInfo() {
  const { t } = useLingui();
  const { data, error, mutate } = useData("donate/info", async () => {
    try {
      // null: no page yet (200; a 404 from an API of before this is read the same).
      return await donateApi.info();
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  });
  const state: DonateInfoState =
    data === null
      ? { status: "none" }
      : data !== undefined
        ? { status: "ready", info: data }
        : error !== undefined
          ? { status: "failed", error: errorText(error, t`Failed to load donation information`) }
          : { status: "loading" };
  return [state, mutate] as const;
}

/** The public page of a user, on this site. */
export const publicPath = (username: string) => `/u/${encodeURIComponent(username)}`;
