import { api, ok } from "@nook/ui/api";
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";

/**
 * The browser's side of passkeys (WebAuthn through @simplewebauthn/browser), loaded only when a passkey is
 * added or used: the options from the API, the browser's own prompt, the answer back to the API
 * (workers/api/src/auth/passkeys.ts). A prompt the person closes throws the browser's NotAllowedError.
 */

type RegistrationOptions = Parameters<typeof startRegistration>[0]["optionsJSON"];
type AuthenticationOptions = Parameters<typeof startAuthentication>[0]["optionsJSON"];

/**
 * Registers a passkey of this browser (or a key, or a phone) under `name`. Adding one takes the account's
 * current password, sent with the request that starts it (a wrong one is the API's 401, before any prompt).
 */
export async function addPasskey(name: string, currentPassword: string) {
  const options = (await ok(
    api.auth.passkeys.register.options.$post({ json: { currentPassword } }),
  )) as unknown as RegistrationOptions;
  const { clientExtensionResults, ...response } = await startRegistration({ optionsJSON: options });
  return ok(
    api.auth.passkeys.register.$post({
      json: { name, response: { ...response, clientExtensionResults: { ...clientExtensionResults } } },
    }),
  );
}

/** Signs in with a passkey the person picks: the API starts the session (its cookie) as a password sign-in does. */
export async function signInWithPasskey() {
  const options = (await ok(api.auth.passkeys.login.options.$post())) as unknown as AuthenticationOptions;
  const { clientExtensionResults, ...response } = await startAuthentication({ optionsJSON: options });
  return ok(
    api.auth.passkeys.login.$post({
      json: { response: { ...response, clientExtensionResults: { ...clientExtensionResults } } },
    }),
  );
}

/** Whether the browser closed its prompt (the person cancelled, or it timed out): no error to show in red. */
export const cancelled = (err: unknown) => err instanceof Error && err.name === "NotAllowedError";
