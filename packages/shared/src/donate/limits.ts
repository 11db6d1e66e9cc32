/** The donation page's limits, without valibot: the donate site imports them from here; schemas.ts builds on them. */

export const DONATE_TITLE_MAX = 120;
export const PAYPAL_BUTTON_ID_MAX = 64;
/** The longest Bitcoin address: bech32's limit (BIP 173); base58 ones are shorter. */
export const BTC_ADDRESS_MAX = 90;
/** An Ethereum address: 0x and 40 hexadecimal digits. */
export const ETH_ADDRESS_LENGTH = 42;

/** Donations a page, unless asked otherwise, and at most. */
export const DONATIONS_PAGE = 30;
export const DONATIONS_PAGE_MAX = 100;
