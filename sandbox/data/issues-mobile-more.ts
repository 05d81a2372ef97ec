/** Seed: more acme/mobile-app issues (a resolved crash and user feedback). */

import { MOBILE_V_NEW, MOBILE_V_OLD, sys } from "./issues-mobile.js";
import type { IssueSeed } from "./seed-types.js";
import { DAY, MINUTE } from "./util.js";

export function mobileMoreIssues(): IssueSeed[] {
  return [
    {
      id: "6100000305",
      shortId: "MOBILE-APP-7",
      project: "mobile-app",
      title: "SSLHandshakeException: Chain validation failed",
      culprit: "okhttp3.internal.connection.RealConnection in connectTls",
      level: "error",
      status: "resolved",
      substatus: null,
      statusDetails: { inNextRelease: true },
      priority: "medium",
      type: "error",
      issueType: "error",
      issueCategory: "error",
      platform: "java",
      metadata: { type: "SSLHandshakeException", value: "Chain validation failed" },
      count: 12,
      userCount: 9,
      firstSeenAgo: 35 * DAY,
      lastSeenAgo: 12 * DAY,
      environments: ["production"],
      releases: [MOBILE_V_OLD],
      events: 1,
      event: {
        kind: "error",
        dist: "398",
        exceptions: [
          {
            type: "SSLHandshakeException",
            module: "javax.net.ssl",
            value: "Chain validation failed",
            handled: true,
            frames: [
              {
                file: "ApiClient.kt",
                fn: "execute",
                module: "com.acme.mobile.net.ApiClient",
                line: 67,
                inApp: true,
              },
              sys(
                "okhttp3.internal.connection.RealConnection",
                "connectTls",
                "RealConnection.kt",
                379,
              ),
            ],
          },
        ],
      },
    },
    {
      id: "6100000306",
      shortId: "MOBILE-APP-8",
      project: "mobile-app",
      title: "User Feedback: App crashes when I rotate my phone 📱",
      culprit: "User Feedback Widget",
      level: "info",
      status: "unresolved",
      substatus: "new",
      priority: "medium",
      type: "feedback",
      issueType: "feedback",
      issueCategory: "feedback",
      metadata: {
        type: "Feedback",
        title: "User Feedback: App crashes when I rotate my phone 📱",
        value: "App crashes when I rotate my phone 📱 on the payment screen. Happens every time!!",
        contact_email: "jo.meyer@quillfox.example",
        name: "Jo",
      },
      count: 1,
      userCount: 1,
      firstSeenAgo: 40 * MINUTE,
      lastSeenAgo: 40 * MINUTE,
      hasSeen: false,
      environments: ["production"],
      releases: [MOBILE_V_NEW],
      events: 1,
      event: {
        kind: "feedback",
        contexts: {
          feedback: {
            contact_email: "jo.meyer@quillfox.example",
            name: "Jo",
            message:
              "App crashes when I rotate my phone 📱 on the payment screen. Happens every time!!",
            source: "user_report_envelope",
            associated_event_id: null,
          },
        },
        occurrence: {
          type: 6001,
          subtitle:
            "App crashes when I rotate my phone 📱 on the payment screen. Happens every time!!",
          evidenceData: {
            contact_email: "jo.meyer@quillfox.example",
            message:
              "App crashes when I rotate my phone 📱 on the payment screen. Happens every time!!",
            name: "Jo",
            source: "user_report_envelope",
          },
          evidenceDisplay: [{ name: "source", value: "user_report_envelope", important: false }],
        },
      },
    },
  ];
}
