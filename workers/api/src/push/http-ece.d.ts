// http_ece (the tests' independent decryption of aes128gcm, RFC 8188) ships no types: what the tests use of it.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  interface Params {
    version: "aes128gcm";
    privateKey?: ECDH;
    dh?: Uint8Array | string;
    authSecret?: Uint8Array | string;
  }
  const ece: {
    decrypt(buffer: Uint8Array, params: Params): Buffer;
    encrypt(buffer: Uint8Array, params: Params): Buffer;
  };
  export default ece;
}
