import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A passkey in software for the API tests (decision 040): a P-256 key that answers WebAuthn's
 * registration ("none" attestation) and assertions as a phone's authenticator does, byte for
 * byte as the specification lays them out, so that the server's real verification runs.
 * Each answer can be bent (another origin, relying party, challenge, counter) to prove the
 * server refuses it.
 */
export interface Bend {
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** The signature counter to claim (the authenticator's own by default, which grows). */
  counter?: number;
  /** Whether the phone's lock was asked (UV flag). */
  userVerified?: boolean;
  /** Corrupts the signature. */
  forge?: boolean;
}

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** 0 for authenticators that keep no counter (synced passkeys). */
  counter: number;
  private userHandle = "";

  constructor(options: { counter?: boolean } = {}) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    this.counter = options.counter === false ? -1 : 0;
  }

  get id() {
    return b64url(this.credentialId);
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: "jwk" });
    const key = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? "", "base64url"))],
    ]);
    return isoCBOR.encode(key);
  }

  private nextCounter(bend: Bend): number {
    if (bend.counter !== undefined) return bend.counter;
    if (this.counter < 0) return 0;
    this.counter += 1;
    return this.counter;
  }

  private authenticatorData(rpId: string, counter: number, bend: Bend, attested?: Uint8Array): Buffer {
    const flags = 0x01 | (bend.userVerified === false ? 0 : 0x04) | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** The answer of `navigator.credentials.create()` to the server's registration options. */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string, bend: Bend = {}) {
    this.userHandle = options.user.id;
    const clientData = JSON.stringify({
      type: "webauthn.create",
      challenge: bend.challenge ?? options.challenge,
      origin: bend.origin ?? origin,
      crossOrigin: false,
    });
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey()]);
    const authData = this.authenticatorData(bend.rpId ?? options.rp.id ?? "", this.nextCounter(bend), bend, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(Buffer.from(clientData)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** The answer of `navigator.credentials.get()` to the server's authentication options. */
  assert(options: { challenge: string; rpId?: string }, origin: string, bend: Bend = {}) {
    const clientData = Buffer.from(
      JSON.stringify({
        type: "webauthn.get",
        challenge: bend.challenge ?? options.challenge,
        origin: bend.origin ?? origin,
        crossOrigin: false,
      }),
    );
    const authData = this.authenticatorData(bend.rpId ?? options.rpId ?? "", this.nextCounter(bend), bend);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    if (bend.forge) signature.writeUInt8((signature.at(-1) ?? 0) ^ 0xff, signature.length - 1);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle || undefined,
      },
      clientExtensionResults: {},
    };
  }
}
