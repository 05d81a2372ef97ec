/**
 * Preprod snapshots (Sentry's screenshot diffing for app builds): each snapshot is one build's
 * set of images; a diff snapshot compares its head images with a base snapshot's. The images are
 * tiny valid PNGs generated here, so the image routes serve real bytes.
 */

import { deflateSync } from "node:zlib";
import { ACME_ORG_ID } from "./organizations.js";

export type ComparisonStatus =
  | "added"
  | "removed"
  | "changed"
  | "unchanged"
  | "renamed"
  | "skipped";

export interface SnapshotImage {
  fileName: string;
  displayName: string | null;
  group: string | null;
  description: string | null;
  width: number;
  height: number;
  /** fill colour of the generated PNG (RGB) */
  rgb: [number, number, number];
}

export interface SnapshotComparison {
  fileName: string;
  status: ComparisonStatus;
  /** 0..1 share of changed pixels, for changed images */
  diff?: number;
  /** the base image's name, for renamed images */
  previousFileName?: string;
}

export interface SnapshotRecord {
  id: string;
  orgId: string;
  projectId: string;
  appId: string;
  appName: string;
  platform: string;
  state: "uploaded" | "processing" | "completed" | "failed";
  comparisonType: "solo" | "diff";
  dateCreated: string;
  vcs: {
    repoName: string;
    headRef: string;
    headSha: string;
    baseRef?: string;
    baseSha?: string;
    prNumber?: number;
  };
  approval?: { status: "approved" | "requires_approval"; autoApproved: boolean };
  images: SnapshotImage[];
  /** diff snapshots only: the snapshot compared against, and each image's comparison */
  baseId?: string;
  comparisons?: SnapshotComparison[];
}

// --- PNG encoding ------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid RGB PNG of the given size: a solid fill with a darker band across the top (so head,
 * base and diff images of one screen differ visibly). `mask` draws only the band, on white.
 */
export function encodePng(
  width: number,
  height: number,
  rgb: [number, number, number],
  mask = false,
): Buffer {
  const band = Math.max(1, Math.floor(height / 4));
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const inBand = y < band;
      const [r, g, b] = mask
        ? inBand
          ? [230, 30, 90]
          : [255, 255, 255]
        : inBand
          ? rgb.map((v) => Math.floor(v / 2))
          : rgb;
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// --- seed --------------------------------------------------------------------------------------

const FRONTEND = "4500012";
const MOBILE = "4500013";

const img = (
  fileName: string,
  displayName: string,
  group: string,
  rgb: [number, number, number],
  description: string | null = null,
  size: [number, number] = [24, 40],
): SnapshotImage => ({
  fileName,
  displayName,
  group,
  description,
  width: size[0],
  height: size[1],
  rgb,
});

const BASE_WEB: SnapshotImage[] = [
  img("checkout/cart.png", "Cart", "checkout", [40, 120, 200], "Cart with two items"),
  img("checkout/payment.png", "Payment form", "checkout", [60, 160, 90]),
  img("checkout/payment-dark.png", "Payment form (dark)", "checkout", [20, 30, 40]),
  img("settings/profile.png", "Profile", "settings", [200, 180, 60]),
  img("settings/billing.png", "Billing", "settings", [150, 90, 200]),
  img("login.png", "Login", "auth", [220, 220, 230]),
];

export function seedSnapshots(now: Date): SnapshotRecord[] {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
  const web = {
    orgId: ACME_ORG_ID,
    projectId: FRONTEND,
    appId: "acme-web",
    appName: "Acme Web",
    platform: "web",
  };
  const headWeb: SnapshotImage[] = [
    img("checkout/cart.png", "Cart", "checkout", [40, 120, 200], "Cart with two items"),
    img("checkout/payment.png", "Payment form", "checkout", [200, 60, 60]),
    img("checkout/payment-dark.png", "Payment form (dark)", "checkout", [24, 30, 40]),
    img("settings/profile.png", "Profile", "settings", [200, 180, 60]),
    img("settings/account-billing.png", "Billing", "settings", [150, 90, 200]),
    img("checkout/apple-pay.png", "Apple Pay sheet", "checkout", [10, 10, 10]),
  ];
  return [
    {
      id: "231940",
      ...web,
      state: "completed",
      comparisonType: "solo",
      dateCreated: at(30),
      vcs: { repoName: "acme/web", headRef: "main", headSha: "4f9c2e1a7b3d5f60e8a1c2d3" },
      images: structuredClone(BASE_WEB),
    },
    {
      id: "231949",
      ...web,
      state: "completed",
      comparisonType: "diff",
      dateCreated: at(2),
      vcs: {
        repoName: "acme/web",
        headRef: "feature/checkout-redesign",
        headSha: "9a1b2c3d4e5f60718293a4b5",
        baseRef: "main",
        baseSha: "4f9c2e1a7b3d5f60e8a1c2d3",
        prNumber: 482,
      },
      approval: { status: "requires_approval", autoApproved: false },
      images: headWeb,
      baseId: "231940",
      comparisons: [
        { fileName: "checkout/payment.png", status: "changed", diff: 0.245 },
        { fileName: "checkout/payment-dark.png", status: "changed", diff: 0.0031 },
        { fileName: "checkout/apple-pay.png", status: "added" },
        { fileName: "login.png", status: "removed" },
        {
          fileName: "settings/account-billing.png",
          status: "renamed",
          previousFileName: "settings/billing.png",
        },
        { fileName: "checkout/cart.png", status: "unchanged" },
        { fileName: "settings/profile.png", status: "skipped" },
      ],
    },
    {
      id: "231955",
      ...web,
      state: "completed",
      comparisonType: "diff",
      dateCreated: at(1),
      vcs: {
        repoName: "acme/web",
        headRef: "fix/typo",
        headSha: "c0ffee00112233445566778899",
        baseRef: "main",
        baseSha: "4f9c2e1a7b3d5f60e8a1c2d3",
        prNumber: 490,
      },
      approval: { status: "approved", autoApproved: true },
      images: structuredClone(BASE_WEB),
      baseId: "231940",
      comparisons: BASE_WEB.map((i) => ({ fileName: i.fileName, status: "unchanged" as const })),
    },
    {
      id: "231961",
      orgId: ACME_ORG_ID,
      projectId: MOBILE,
      appId: "com.acme.shop",
      appName: "Acme Shop",
      platform: "android",
      state: "completed",
      comparisonType: "solo",
      dateCreated: at(5),
      vcs: { repoName: "acme/shop-android", headRef: "main", headSha: "77aa88bb99cc00dd11ee22ff" },
      images: [
        img("home.png", "Home", "main", [30, 90, 160], null, [20, 36]),
        img("product.png", "Product", "main", [90, 30, 160], null, [20, 36]),
      ],
    },
  ];
}
