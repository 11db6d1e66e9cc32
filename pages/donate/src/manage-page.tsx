import { Trans, useLingui } from "@lingui/react/macro";
import type { ServerCode } from "@nook/shared/common/messages";
import { DONATE_TITLE_MAX } from "@nook/shared/donate/limits";
import { ApiError, errorText, withReason } from "@nook/ui/api";
import { DeleteButton } from "@nook/ui/delete-button";
import { loadedMessageText } from "@nook/ui/server-messages";
import { useToast } from "@nook/ui/toasts";
import { useSubmit } from "@nook/ui/use-submit";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { type DonateInfoPayload, donateApi } from "./donate-api.ts";
import { useDonateInfo } from "./use-donate-info.ts";

type Field = keyof DonateInfoPayload;
const EMPTY: Required<DonateInfoPayload> = {
  donatePageTitle: "",
  ethAddress: "",
  btcAddress: "",
  paypalDonateButtonId: "",
};

/** The form's fields of a page as the API answers it (its version, `modifiedAt`, is not a field). */
const fieldsOf = (info: Partial<DonateInfoPayload>): Required<DonateInfoPayload> => ({
  donatePageTitle: info.donatePageTitle ?? EMPTY.donatePageTitle,
  ethAddress: info.ethAddress ?? EMPTY.ethAddress,
  btcAddress: info.btcAddress ?? EMPTY.btcAddress,
  paypalDonateButtonId: info.paypalDonateButtonId ?? EMPTY.paypalDonateButtonId,
});

/** Which input a refusal of PUT /api/donate/info is about, so that input is marked. */
const FIELD_OF: Partial<Record<ServerCode, Field>> = {
  "donate.titleRequired": "donatePageTitle",
  "donate.titleTooLong": "donatePageTitle",
  "donate.ethInvalid": "ethAddress",
  "donate.ethChecksum": "ethAddress",
  "donate.btcInvalid": "btcAddress",
  "donate.paypalChars": "paypalDonateButtonId",
  "donate.paypalTooLong": "paypalDonateButtonId",
};
function fieldOf(error: unknown): Field | null {
  if (!(error instanceof ApiError) || !error.said) return null;
  // "<field> is required" / "is not valid" name the field by its key.
  const { code, values } = error.said;
  const named = Object.keys(EMPTY).find((f) => f === values.field);
  return FIELD_OF[code] ?? (named as Field | undefined) ?? null;
}

/** Donate management (spec 1 §2): set up, update or delete the page's title and ways to pay. */
export function ManagePage() {
  const { t } = useLingui();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [info, setInfo] = useDonateInfo();
  const [values, setValues] = useState(EMPTY);
  /** The field the last refusal is about, marked invalid. */
  const [errorField, setErrorField] = useState<Field | null>(null);
  const id = useId();
  const errorId = `${id}-error`;

  // The form starts from what is saved, once: a later refresh does not overwrite what is being typed.
  const seeded = useRef(false);
  useEffect(() => {
    if (info.status !== "ready" || seeded.current) return;
    seeded.current = true;
    setValues(fieldsOf(info.info));
  }, [info]);

  const exists = info.status === "ready";

  const form = useSubmit(
    async () => {
      setErrorField(null);
      // Against the page as the form began: changed elsewhere since, the server refuses it (409) and says so.
      const saved = await donateApi.save(values, info.status === "ready" ? info.info.modifiedAt : undefined);
      setInfo(saved);
      // The form shows what was saved, as the server keeps it.
      setValues(fieldsOf(saved));
      toast(t`Donation information saved successfully`);
    },
    {
      // Spec 1 §5: a blank title is refused here, and nothing is sent.
      async check() {
        if (values.donatePageTitle.trim()) return "";
        // The API's own words, in the reader's language.
        const text = await loadedMessageText("donate.titleRequired");
        setErrorField("donatePageTitle");
        toast(text, { kind: "error" });
        return text;
      },
      failed(err) {
        setErrorField(fieldOf(err));
        toast(withReason(t`Failed to save donation information`, err), { kind: "error" });
        return errorText(err, t`Failed to save donation information`);
      },
    },
  );
  const removal = useSubmit(
    async () => {
      form.clearError();
      setErrorField(null);
      await donateApi.remove();
      setInfo(null);
      toast(t`Donation information deleted`);
      navigate("/");
    },
    {
      failed(err) {
        toast(withReason(t`Failed to delete donation information`, err), { kind: "error" });
        return "";
      },
    },
  );
  const busy = form.busy || removal.busy;
  const error = form.error ? { text: form.error, field: errorField } : null;

  const input = (field: Field, label: string, options: { maxLength?: number; mono?: boolean } = {}) => {
    const invalid = error?.field === field;
    return (
      <label className="field">
        <span className="field-label">{label}</span>
        <input
          className={`input${options.mono ? " input-mono" : ""}`}
          dir="auto"
          autoComplete="off"
          spellCheck={false}
          maxLength={options.maxLength}
          value={values[field]}
          disabled={busy}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => {
            setValues((v) => ({ ...v, [field]: e.target.value }));
            if (invalid) {
              form.clearError();
              setErrorField(null);
            }
          }}
        />
      </label>
    );
  };

  if (info.status === "loading")
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading...</Trans>
      </p>
    );

  return (
    <form className="card stack page-narrow donate-manage" onSubmit={form.onSubmit} noValidate>
      <div className="row donate-manage-head">
        <h1>{exists ? <Trans>Update Donation Information</Trans> : <Trans>Set Up Donation Information</Trans>}</h1>
        <Link href="/" className="donate-view-link">
          <Trans>view</Trans>
        </Link>
      </div>
      {info.status === "failed" && (
        <p className="error-line" role="alert">
          {info.error}
        </p>
      )}
      {input("donatePageTitle", t`Donation page title`, { maxLength: DONATE_TITLE_MAX })}
      {input("ethAddress", t`ETH address`, { mono: true })}
      {input("btcAddress", t`BTC address`, { mono: true })}
      {input("paypalDonateButtonId", t`PayPal button id`, { mono: true })}
      <p className="muted donate-hint">
        <Trans>Only the title is required. Addresses are checked before they are saved.</Trans>
      </p>
      <p className="error-line" id={errorId} role="alert">
        {error?.text}
      </p>
      <div className="row">
        <button className="button" type="submit" disabled={busy}>
          {exists ? <Trans>Update</Trans> : <Trans>Save</Trans>}
        </button>
        {exists && <DeleteButton onConfirm={removal.run} disabled={busy} />}
      </div>
    </form>
  );
}
