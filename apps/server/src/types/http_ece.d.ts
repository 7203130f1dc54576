/** The part of http_ece (RFC 8188 / 8291, no types of its own) the test push service uses. */
declare module "http_ece" {
  export function decrypt(
    buffer: Buffer,
    params: { version: "aes128gcm"; privateKey: import("node:crypto").ECDH; authSecret: Buffer },
  ): Buffer;
}
