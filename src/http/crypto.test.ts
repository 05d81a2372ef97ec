import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  decrypt,
  encrypt,
  generateEncryptionKey,
  parseEncryptionKey,
  verifyPkceS256,
} from "./crypto.js";

describe("AES-GCM sealing", () => {
  it("round-trips and detects tampering or another key", () => {
    const key = generateEncryptionKey();
    const sealed = encrypt(key, "sntryu_secret");
    expect(sealed).not.toContain("sntryu_secret");
    expect(decrypt(key, sealed)).toBe("sntryu_secret");
    const parts = sealed.split(".");
    parts[3] = Buffer.from("sntryu_other!").toString("base64url");
    expect(decrypt(key, parts.join("."))).toBeNull();
    expect(decrypt(generateEncryptionKey(), sealed)).toBeNull();
    expect(decrypt(key, "garbage")).toBeNull();
  });
});

describe("parseEncryptionKey", () => {
  it("accepts 32 bytes as base64, base64url or hex", () => {
    const raw = Buffer.alloc(32, 7);
    expect(parseEncryptionKey(raw.toString("base64"))).toEqual(raw);
    expect(parseEncryptionKey(raw.toString("base64url"))).toEqual(raw);
    expect(parseEncryptionKey(raw.toString("hex"))).toEqual(raw);
  });
  it("refuses short keys and passphrases", () => {
    expect(() => parseEncryptionKey("hunter2")).toThrow(/32 bytes/);
    expect(() => parseEncryptionKey(Buffer.alloc(16).toString("base64"))).toThrow(/32 bytes/);
  });
});

describe("PKCE S256", () => {
  it("verifies the RFC 7636 appendix B example", () => {
    expect(
      verifyPkceS256(
        "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
        "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      ),
    ).toBe(true);
  });
  it("rejects a wrong or malformed verifier", () => {
    const challenge = createHash("sha256").update("a".repeat(43)).digest("base64url");
    expect(verifyPkceS256("b".repeat(43), challenge)).toBe(false);
    expect(verifyPkceS256("short", createHash("sha256").update("short").digest("base64url"))).toBe(
      false,
    );
  });
});
