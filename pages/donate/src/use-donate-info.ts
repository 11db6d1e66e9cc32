import { useLingui } from "@lingui/react/macro";
import { ApiError, errorText } from "@nook/ui/api";
import { useEffect, useState } from "react";
import { type DonateInfo, donateApi } from "./donate-api.ts";

export type DonateInfoState =
  | { status: "loading" }
  /** No page yet (the API's 404). */
  | { status: "none" }
  | { status: "failed"; error: string }
  | { status: "ready"; info: DonateInfo };

/** The signed-in user's donation info, loaded once; `set` keeps it after a save or a delete. */
export function useDonateInfo() {
  const { t } = useLingui();
  const [state, set] = useState<DonateInfoState>({ status: "loading" });
  useEffect(() => {
    let live = true;
    donateApi.info().then(
      (info) => live && set({ status: "ready", info }),
      (err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.status === 404) set({ status: "none" });
        else {
          console.error(err);
          set({ status: "failed", error: errorText(err, t`Failed to load donation information`) });
        }
      },
    );
    return () => {
      live = false;
    };
  }, [t]);
  return [state, set] as const;
}

/** The public page of a user, on this site. */
export const publicPath = (username: string) => `/u/${encodeURIComponent(username)}`;
