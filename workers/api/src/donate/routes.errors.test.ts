import { beforeEach, describe } from "vitest";
import { refusesEach, resetDb, signedInUser } from "../test/helpers.ts";
import { donateCall, PAGE } from "./test-calls.ts";

// Refusals: 400 with words that name the wrong field, nothing written.
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  await ann.api.donate.info.$put({ json: PAGE });
});

const call = (method: string, path: string, body?: unknown) => donateCall(ann, method, path, body);

describe("bad input is refused and nothing is written", () => {
  const cases: [string, string, string, unknown][] = [
    ["PUT", "/info", "Donation page title is required", { ...PAGE, donatePageTitle: "   " }],
    ["PUT", "/info", "Donation page title is required", { ...PAGE, donatePageTitle: undefined }],
    ["PUT", "/info", "Donation page title is at most 120 characters", { ...PAGE, donatePageTitle: "x".repeat(121) }],
    [
      "PUT",
      "/info",
      "The BTC address is not a valid Bitcoin address",
      { ...PAGE, btcAddress: "1BoatSLRHtKNngkdXEeobR76b53LETtpyU" },
    ],
    [
      "PUT",
      "/info",
      "The BTC address is not a valid Bitcoin address",
      { ...PAGE, btcAddress: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx" },
    ],
    ["PUT", "/info", "The ETH address must be 0x and 40 hexadecimal digits", { ...PAGE, ethAddress: "0x1234" }],
    [
      "PUT",
      "/info",
      "The ETH address's capital letters do not match its checksum (EIP-55)",
      { ...PAGE, ethAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" },
    ],
    [
      "PUT",
      "/info",
      "The PayPal button id may hold letters and digits only",
      { ...PAGE, paypalDonateButtonId: "ABC-<script>" },
    ],
    [
      "PUT",
      "/info",
      "The PayPal button id is at most 64 characters",
      { ...PAGE, paypalDonateButtonId: "A".repeat(65) },
    ],
    ["GET", "/donations?limit=0", "limit must be at least 1", undefined],
    ["GET", "/donations?before=yesterday", "before must be a cursor from the previous page", undefined],
  ];
  refusesEach(cases.map(([method, path, words, body]) => [`${method} ${path}`, words, () => call(method, path, body)]));
});
