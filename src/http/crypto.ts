import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { ConfigurationError } from "../errors.js";

/** An opaque random token: 256 bits, base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Tokens are stored by hash only: a leaked store does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** RFC 7636 S256: BASE64URL(SHA256(verifier)) === challenge. */
export function verifyPkceS256(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  return safeEqual(createHash("sha256").update(verifier).digest("base64url"), challenge);
}

/**
 * `--encryption-key` / MCP_ENCRYPTION_KEY: 32 bytes as base64 (e.g. `openssl rand -base64 32`)
 * or 64 hex characters.
 */
export function parseEncryptionKey(value: string): Buffer {
  const v = value.trim();
  let key: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(v)) key = Buffer.from(v, "hex");
  else if (/^[A-Za-z0-9+/_-]{42,44}={0,2}$/.test(v))
    key = Buffer.from(v, /[-_]/.test(v) ? "base64url" : "base64");
  if (key?.length !== 32) {
    throw new ConfigurationError(
      "The encryption key must be 32 bytes as base64 (openssl rand -base64 32) or 64 hex characters.",
    );
  }
  return key;
}

export function generateEncryptionKey(): Buffer {
  return randomBytes(32);
}

/** AES-256-GCM; the output is `v1.iv.tag.ciphertext` (base64url parts). */
export function encrypt(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** Null when the value was tampered with or written under another key. */
export function decrypt(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}
