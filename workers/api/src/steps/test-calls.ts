import { bearer, ORIGIN, send } from "../test/helpers.ts";

/** A JSON call to /api/steps as a signed-in user, for what the typed client forbids. */
export const stepsCall = (user: { token: string }, method: string, path: string, body?: unknown) =>
  send(method, `${ORIGIN}/api/steps${path}`, body, { ...bearer(user.token), Origin: ORIGIN });

export interface StepsJson {
  id: number;
  name: string;
  content: string;
  totalItems: number;
  completedItems: number;
  deadline: string | null;
  createdAt: string;
  modifiedAt: string;
}

/** A new checklist of the user's, as the API answers it. */
export async function newSteps(user: { token: string }, name = "Trip"): Promise<StepsJson> {
  const res = await stepsCall(user, "POST", "", { name });
  if (res.status !== 201) throw new Error(`POST /api/steps: ${res.status} ${await res.text()}`);
  return (await res.json<{ data: StepsJson }>()).data;
}
