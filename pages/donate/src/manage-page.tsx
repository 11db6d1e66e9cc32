import { Trans, useLingui } from "@lingui/react/macro";
import { matchServerMessage, message, type ServerMessage } from "@nook/shared/common/messages";
import { DONATE_TITLE_MAX } from "@nook/shared/donate/amounts";
import { ApiError, errorText, withReason } from "@nook/ui/api";
import { DeleteButton } from "@nook/ui/delete-button";
import { translateServerMessage } from "@nook/ui/server-messages";
import { useToast } from "@nook/ui/toasts";
import { useSubmit } from "@nook/ui/use-submit";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { type DonateInfoPayload, donateApi } from "./donate-api.ts";
import { useDonateInfo } from "./use-donate-info.ts";

/** The API's own words for a blank title (spec 1 §5), in the reader's language. */
export const TITLE_REQUIRED = () => translateServerMessage(message("Donation page title is required"));

type Field = keyof DonateInfoPayload;
const EMPTY: Required<DonateInfoPayload> = {
  donatePageTitle: "",
  ethAddress: "",
  btcAddress: "",
  paypalDonateButtonId: "",
};

/** Which input a refusal of PUT /api/donate/info is about, so that input is marked. */
const FIELD_OF: Partial<Record<ServerMessage, Field>> = {
  "Donation page title is required": "donatePageTitle",
  "Donation page title is at most {max} characters": "donatePageTitle",
  "The ETH address must be 0x and 40 hexadecimal digits": "ethAddress",
  "The ETH address's capital letters do not match its checksum (EIP-55)": "ethAddress",
  "The BTC address is not a valid Bitcoin address": "btcAddress",
  "The PayPal button id may hold letters and digits only": "paypalDonateButtonId",
  "The PayPal button id is at most {max} characters": "paypalDonateButtonId",
};
function fieldOf(error: unknown): Field | null {
  if (!(error instanceof ApiError) || !error.serverMessage) return null;
  const known = matchServerMessage(error.serverMessage);
  return (known && FIELD_OF[known.template]) ?? null;
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
    setValues({ ...EMPTY, ...info.info });
  }, [info]);

  const exists = info.status === "ready";

  const form = useSubmit(
    async () => {
      setErrorField(null);
      const saved = await donateApi.save(values);
      setInfo(saved);
      // The form shows what was saved, as the server keeps it.
      setValues({ ...EMPTY, ...saved });
      toast(t`Donation information saved successfully`);
    },
    {
      // Spec 1 §5: a blank title is refused here, and nothing is sent.
      check() {
        if (values.donatePageTitle.trim()) return "";
        setErrorField("donatePageTitle");
        toast(TITLE_REQUIRED(), { kind: "error" });
        return TITLE_REQUIRED();
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
