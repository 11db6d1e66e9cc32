/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SITE: string;
  readonly VITE_PRODUCT_NAME: string;
}

declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
