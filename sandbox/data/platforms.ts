/** Per-project defaults for generated events: tags, contexts, SDKs and end users. */

import type { JsonObject } from "./types.js";

export interface EndUser {
  id: string;
  email: string;
  username: string;
  ip_address: string;
}

export interface PlatformProfile {
  sdk: { name: string; version: string };
  /** tag key -> candidate values, most frequent first */
  tags: Array<{ key: string; values: string[] }>;
  /** contexts for the i-th generated event */
  contexts(i: number): JsonObject;
  users: EndUser[];
}

const pick = <T>(list: T[], i: number): T => list[i % list.length];

const ACME_CUSTOMERS: EndUser[] = [
  {
    id: "cust_8812",
    email: "ops@brightpath.example",
    username: "brightpath-ops",
    ip_address: "203.0.113.24",
  },
  {
    id: "cust_1043",
    email: "jo.meyer@quillfox.example",
    username: "jmeyer",
    ip_address: "198.51.100.77",
  },
  {
    id: "cust_2290",
    email: "finance@northwind-tea.example",
    username: "nwt-finance",
    ip_address: "192.0.2.145",
  },
  {
    id: "cust_5127",
    email: "amara@lumenworks.example",
    username: "amara.k",
    ip_address: "203.0.113.201",
  },
  {
    id: "cust_0007",
    email: "root@tinyshop.example",
    username: "tinyshop",
    ip_address: "198.51.100.3",
  },
];

const OS_CONTEXT = (name: string, version: string, kernel?: string): JsonObject => ({
  name,
  version,
  ...(kernel ? { kernel_version: kernel } : {}),
  type: "os",
});

export const PROFILES: Record<string, PlatformProfile> = {
  backend: {
    sdk: { name: "sentry.python.django", version: "2.19.2" },
    tags: [
      {
        key: "server_name",
        values: ["web-7f9c4-2", "web-7f9c4-5", "worker-61b0a-1", "web-7f9c4-9"],
      },
      { key: "runtime", values: ["CPython 3.12.7"] },
      { key: "os.name", values: ["Linux"] },
    ],
    contexts: (i) => ({
      os: OS_CONTEXT("Linux", "6.1.112", "6.1.112-124.190.amzn2023.x86_64"),
      runtime: {
        name: "CPython",
        version: "3.12.7",
        build: "3.12.7 (main, Oct  1 2024)",
        type: "runtime",
      },
      device: { arch: "x86_64", type: "device" },
      culture: { timezone: "UTC", type: "default" },
      server: {
        hostname: pick(["web-7f9c4-2", "web-7f9c4-5", "worker-61b0a-1"], i),
        type: "default",
      },
    }),
    users: ACME_CUSTOMERS,
  },
  frontend: {
    sdk: { name: "sentry.javascript.react", version: "8.42.0" },
    tags: [
      {
        key: "browser",
        values: ["Chrome 131", "Safari 18.1", "Firefox 133", "Edge 131", "Chrome Mobile 130"],
      },
      { key: "browser.name", values: ["Chrome", "Safari", "Firefox", "Edge", "Chrome Mobile"] },
      { key: "os.name", values: ["Windows", "Mac OS X", "iOS", "Linux", "Android"] },
    ],
    contexts: (i) => ({
      browser: {
        name: pick(["Chrome", "Safari", "Firefox", "Edge"], i),
        version: pick(["131.0.0", "18.1", "133.0", "131.0.2903"], i),
        type: "browser",
      },
      os: OS_CONTEXT(
        pick(["Windows", "Mac OS X", "iOS", "Linux"], i),
        pick(["10", "14.6", "18.1", ""], i),
      ),
      device: { family: pick(["Other", "Mac", "iPhone", "Other"], i), type: "device" },
    }),
    users: ACME_CUSTOMERS,
  },
  "mobile-app": {
    sdk: { name: "sentry.java.android", version: "7.18.0" },
    tags: [
      { key: "device", values: ["Pixel 8", "SM-S918B", "Pixel 6a", "moto g54 5G", "SM-A546B"] },
      { key: "device.family", values: ["Pixel", "SM", "Pixel", "moto", "SM"] },
      { key: "os", values: ["Android 14", "Android 13", "Android 15"] },
      { key: "os.name", values: ["Android"] },
    ],
    contexts: (i) => ({
      os: OS_CONTEXT("Android", pick(["14", "13", "15"], i), "5.15.137-android14"),
      device: {
        family: pick(["Pixel", "SM", "Pixel"], i),
        model: pick(["Pixel 8", "SM-S918B", "Pixel 6a"], i),
        manufacturer: pick(["Google", "samsung", "Google"], i),
        brand: pick(["google", "samsung", "google"], i),
        battery_level: pick([81, 14, 57], i),
        orientation: pick(["portrait", "landscape"], i),
        memory_size: 7_823_458_304,
        free_memory: pick([412_000_000, 96_000_000, 1_210_000_000], i),
        low_memory: i % 3 === 1,
        simulator: false,
        type: "device",
      },
      app: {
        app_identifier: "com.acme.mobile",
        app_name: "Acme",
        app_version: "3.2.0",
        app_build: "412",
        in_foreground: i % 4 !== 3,
        type: "app",
      },
    }),
    users: ACME_CUSTOMERS.slice(1),
  },
  payments: {
    sdk: { name: "sentry.javascript.node", version: "8.42.0" },
    tags: [
      { key: "server_name", values: ["payments-api-0", "payments-api-1", "payments-worker-0"] },
      { key: "runtime", values: ["node v20.18.1"] },
    ],
    contexts: () => ({
      os: OS_CONTEXT("Linux", "6.1.112"),
      runtime: { name: "node", version: "v20.18.1", type: "runtime" },
      cloud_resource: { "cloud.provider": "aws", "cloud.region": "eu-west-1", type: "default" },
    }),
    users: ACME_CUSTOMERS.slice(0, 3),
  },
  storefront: {
    sdk: { name: "sentry.php.laravel", version: "4.10.0" },
    tags: [
      { key: "server_name", values: ["shop-01", "shop-02"] },
      { key: "runtime", values: ["php 8.3.13"] },
    ],
    contexts: () => ({
      os: OS_CONTEXT("Linux", "5.15.0"),
      runtime: { name: "php", version: "8.3.13", sapi: "fpm-fcgi", type: "runtime" },
    }),
    users: [
      {
        id: "g-311",
        email: "buyer@marketplace.example",
        username: "buyer311",
        ip_address: "192.0.2.9",
      },
    ],
  },
};
