import { Trans, useLingui } from "@lingui/react/macro";
import { api, errorText, ok } from "@nook/ui/api";
import { useAuth } from "@nook/ui/auth";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";

/** /yalogin: the development login (spec §2), then home. */
export function YaLogin() {
  const { t } = useLingui();
  const { refresh } = useAuth();
  const [, navigate] = useLocation();
  const [error, setError] = useState("");
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        await ok(api.prodyalogin.$get());
        if (cancelled) return;
        await refresh();
        navigate("/", { replace: true });
      } catch (err) {
        if (!cancelled) setError(errorText(err, t`Something went wrong :C`));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [navigate, refresh, t]);
  return error ? (
    <p className="error-line" role="alert">
      {error}
    </p>
  ) : (
    <p className="muted">
      <Trans>Signing in...</Trans>
    </p>
  );
}
