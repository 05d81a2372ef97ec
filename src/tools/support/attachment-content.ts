/** Decides how an attachment can be shown: as text, as an MCP image, or not at all. */

export const MAX_INLINE_BYTES = 1024 * 1024;

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

const TEXT_TYPES =
  /^(text\/|application\/(json|xml|x-ndjson|ndjson|javascript|x-yaml|yaml|csv|x-sh|graphql)\b|application\/[\w.+-]+\+(json|xml)\b)/i;
const TEXT_EXTENSIONS =
  /\.(txt|log|json|ndjson|jsonl|xml|csv|tsv|md|yaml|yml|ini|cfg|conf|properties|html|htm|js|ts|py|rb|java|kt|swift|sql|sh|trace|out|err)$/i;
const IMAGE_EXTENSIONS: Record<string, ImageType> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

export type AttachmentKind =
  | { kind: "text" }
  | { kind: "image"; mimeType: ImageType }
  | { kind: "binary" };

function baseType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/** The kind suggested by the headers alone (type, then file name for generic types). */
export function kindFromHeaders(contentType?: string, filename?: string): AttachmentKind {
  const type = baseType(contentType);
  if ((IMAGE_TYPES as readonly string[]).includes(type))
    return { kind: "image", mimeType: type as ImageType };
  if (type === "image/jpg") return { kind: "image", mimeType: "image/jpeg" };
  if (TEXT_TYPES.test(type)) return { kind: "text" };
  const generic =
    type === "" || type === "application/octet-stream" || type === "binary/octet-stream";
  if (generic && filename) {
    if (TEXT_EXTENSIONS.test(filename)) return { kind: "text" };
    const image = IMAGE_EXTENSIONS[filename.split(".").pop()?.toLowerCase() ?? ""];
    if (image) return { kind: "image", mimeType: image };
  }
  return { kind: "binary" };
}

/** Image type from magic bytes, so a mislabeled file is not sent as the wrong image type. */
export function sniffImage(bytes: Uint8Array): ImageType | undefined {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47)
    return "image/png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return "image/gif";
  if (
    b.length >= 12 &&
    String.fromCharCode(b[0], b[1], b[2], b[3]) === "RIFF" &&
    String.fromCharCode(b[8], b[9], b[10], b[11]) === "WEBP"
  )
    return "image/webp";
  return undefined;
}

/** UTF-8 text without NUL bytes, or undefined for binary data. */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

export function formatBytes(size: number | undefined | null): string {
  if (size == null || !Number.isFinite(size)) return "unknown size";
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}
