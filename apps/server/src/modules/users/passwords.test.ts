import { describe, expect, it } from "vitest";
import { hashesRunning, hashPassword, MAX_HASHES_AT_ONCE, verifyPassword } from "./passwords.ts";

describe("password hashes", () => {
  it("keeps argon2id's parameters (19 MiB, 2 passes, 1 lane)", async () => {
    const stored = await hashPassword("un-mot-de-passe");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "un-mot-de-passe")).toBe(true);
    expect(await verifyPassword(stored, "un-autre")).toBe(false);
    expect(await verifyPassword(undefined, "un-mot-de-passe")).toBe(false);
    expect(await verifyPassword("pas-un-hash", "un-mot-de-passe")).toBe(false);
  });

  it(`runs at most ${MAX_HASHES_AT_ONCE} at once, and every one of a crowd ends`, async () => {
    expect(MAX_HASHES_AT_ONCE).toBe(2);
    let highest = 0;
    const watch = setInterval(() => {
      highest = Math.max(highest, hashesRunning());
    }, 1);
    const crowd = Array.from({ length: 12 }, (_, i) => hashPassword(`client-${i}`));
    highest = Math.max(highest, hashesRunning());
    const hashes = await Promise.all(crowd);
    clearInterval(watch);
    expect(highest).toBe(MAX_HASHES_AT_ONCE);
    expect(hashesRunning()).toBe(0);
    expect(new Set(hashes).size).toBe(12);
    const checks = await Promise.all([
      ...hashes.map((stored, i) => verifyPassword(stored, `client-${i}`)),
      verifyPassword(hashes[0], "client-1"),
      verifyPassword(undefined, "client-0"),
    ]);
    expect(checks).toEqual([...hashes.map(() => true), false, false]);
    expect(hashesRunning()).toBe(0);
  });
});
