/** Seed: acme/mobile-app (Android / Kotlin) issues. */

import type { BreadcrumbSpec, FrameSpec, IssueSeed } from "./seed-types.js";
import { DAY, HOUR, MINUTE } from "./util.js";

export const MOBILE_V_OLD = "com.acme.mobile@3.1.4+398";
export const MOBILE_V_NEW = "com.acme.mobile@3.2.0+412";

export const sys = (module: string, fn: string, file: string, line: number): FrameSpec => ({
  file,
  fn,
  module,
  line,
  inApp: false,
});

const looper: FrameSpec[] = [
  sys("com.android.internal.os.ZygoteInit", "main", "ZygoteInit.java", 947),
  sys("android.app.ActivityThread", "main", "ActivityThread.java", 8592),
  sys("android.os.Looper", "loop", "Looper.java", 317),
  sys("android.os.Handler", "dispatchMessage", "Handler.java", 106),
];

const lifecycleCrumbs: BreadcrumbSpec[] = [
  {
    secondsBefore: 30,
    type: "navigation",
    category: "navigation",
    level: "info",
    message: null,
    data: { from: "CartFragment", to: "CheckoutFragment" },
  },
  {
    secondsBefore: 21,
    type: "http",
    category: "http",
    level: "info",
    message: null,
    data: {
      method: "POST",
      url: "https://api.acme.example/api/v2/payments/intent/",
      status_code: 201,
    },
  },
  {
    secondsBefore: 9,
    type: "navigation",
    category: "ui.lifecycle",
    level: "info",
    message: null,
    data: { screen: "CheckoutFragment", state: "destroyed_view" },
  },
  {
    secondsBefore: 4,
    type: "session",
    category: "app.lifecycle",
    level: "info",
    message: null,
    data: { state: "foreground" },
  },
];

const MOBILE_PACKAGES = {
  "io.sentry:sentry-android": "7.18.0",
  "com.squareup.okhttp3:okhttp": "4.12.0",
};

export function mobileIssues(): IssueSeed[] {
  return [
    {
      id: "6100000301",
      shortId: "MOBILE-APP-3",
      project: "mobile-app",
      title: "IllegalStateException: Fragment CheckoutFragment{4b1e2f0} not attached to a context.",
      culprit: "com.acme.mobile.checkout.CheckoutFragment in onPaymentResult",
      level: "fatal",
      status: "unresolved",
      substatus: "ongoing",
      priority: "high",
      type: "error",
      issueType: "error",
      issueCategory: "error",
      platform: "java",
      metadata: {
        type: "IllegalStateException",
        value: "Fragment CheckoutFragment{4b1e2f0} not attached to a context.",
        filename: "CheckoutFragment.kt",
        function: "onPaymentResult",
        in_app_frame_mix: "mixed",
      },
      count: 877,
      userCount: 640,
      firstSeenAgo: 10 * DAY,
      lastSeenAgo: 41 * MINUTE,
      assignee: "user:100004",
      isUnhandled: true,
      numComments: 1,
      environments: ["production", "beta"],
      releases: [MOBILE_V_OLD, MOBILE_V_NEW],
      events: 3,
      event: {
        kind: "error",
        dist: "412",
        exceptions: [
          {
            type: "IllegalStateException",
            module: "java.lang",
            value: "Fragment CheckoutFragment{4b1e2f0} not attached to a context.",
            mechanism: "UncaughtExceptionHandler",
            handled: false,
            frames: [
              ...looper,
              {
                file: "PaymentSheetCallback.kt",
                fn: "invoke$lambda$0",
                module: "com.acme.mobile.checkout.PaymentSheetCallback",
                line: 31,
                inApp: true,
              },
              {
                file: "CheckoutFragment.kt",
                absPath: "CheckoutFragment.kt",
                fn: "onPaymentResult",
                module: "com.acme.mobile.checkout.CheckoutFragment",
                line: 214,
                inApp: true,
                code: [
                  "    private fun onPaymentResult(result: PaymentResult) {",
                  "        // callback can arrive after the view was destroyed",
                  "        val ctx = requireContext()",
                  "        Toast.makeText(ctx, result.message(ctx), Toast.LENGTH_LONG).show()",
                  "    }",
                ],
                vars: {
                  result: "PaymentResult.Completed(intentId=pi_3Q9xKz)",
                  this: "CheckoutFragment{4b1e2f0}",
                },
              },
              sys("androidx.fragment.app.Fragment", "requireContext", "Fragment.java", 972),
            ],
          },
        ],
        breadcrumbs: lifecycleCrumbs,
        packages: MOBILE_PACKAGES,
        context: { "checkout.step": "payment_result", "experiment.one_tap": true },
      },
    },
    {
      id: "6100000302",
      shortId: "MOBILE-APP-4",
      project: "mobile-app",
      title:
        "OutOfMemoryError: Failed to allocate a 41943056 byte allocation with 25165824 free bytes and 24MB until OOM",
      culprit: "com.acme.mobile.catalog.ImageLoader in decode",
      level: "fatal",
      status: "unresolved",
      substatus: "escalating",
      priority: "high",
      type: "error",
      issueType: "error",
      issueCategory: "error",
      platform: "java",
      metadata: {
        type: "OutOfMemoryError",
        value:
          "Failed to allocate a 41943056 byte allocation with 25165824 free bytes and 24MB until OOM",
        filename: "ImageLoader.kt",
        function: "decode",
      },
      count: 233,
      userCount: 190,
      firstSeenAgo: 5 * DAY,
      lastSeenAgo: 2 * HOUR,
      isUnhandled: true,
      environments: ["production"],
      releases: [MOBILE_V_NEW],
      events: 2,
      event: {
        kind: "error",
        dist: "412",
        exceptions: [
          {
            type: "OutOfMemoryError",
            module: "java.lang",
            value:
              "Failed to allocate a 41943056 byte allocation with 25165824 free bytes and 24MB until OOM",
            mechanism: "UncaughtExceptionHandler",
            handled: false,
            frames: [
              ...looper,
              {
                file: "ImageLoader.kt",
                fn: "decode",
                module: "com.acme.mobile.catalog.ImageLoader",
                line: 88,
                inApp: true,
                code: [
                  "        val opts = BitmapFactory.Options()",
                  "        return BitmapFactory.decodeStream(input, null, opts)!!",
                  "    }",
                ],
              },
              sys("android.graphics.BitmapFactory", "decodeStream", "BitmapFactory.java", 790),
            ],
          },
        ],
        packages: MOBILE_PACKAGES,
      },
    },
    {
      id: "6100000303",
      shortId: "MOBILE-APP-5",
      project: "mobile-app",
      title: "ApplicationNotResponding: Background ANR",
      culprit: "com.acme.mobile.sync.SyncWorker in doWork",
      level: "error",
      status: "unresolved",
      substatus: "ongoing",
      priority: "medium",
      type: "error",
      issueType: "error",
      issueCategory: "error",
      platform: "java",
      metadata: {
        type: "ApplicationNotResponding",
        value: "Background ANR",
        filename: "SyncWorker.kt",
        function: "doWork",
      },
      count: 145,
      userCount: 120,
      firstSeenAgo: 16 * DAY,
      lastSeenAgo: 5 * HOUR,
      isUnhandled: true,
      environments: ["production", "beta"],
      releases: [MOBILE_V_OLD, MOBILE_V_NEW],
      events: 2,
      event: {
        kind: "error",
        dist: "412",
        exceptions: [
          {
            type: "ApplicationNotResponding",
            module: "io.sentry.android.core",
            value: "Background ANR",
            mechanism: "ANR",
            handled: false,
            frames: [
              ...looper,
              {
                file: "SyncWorker.kt",
                fn: "doWork",
                module: "com.acme.mobile.sync.SyncWorker",
                line: 52,
                inApp: true,
                code: [
                  "        // TODO move off the main thread",
                  "        val rows = db.pendingChanges().blockingGet()",
                  "        rows.forEach { api.push(it) }",
                ],
              },
            ],
          },
        ],
        packages: MOBILE_PACKAGES,
      },
    },
    {
      id: "6100000304",
      shortId: "MOBILE-APP-6",
      project: "mobile-app",
      title: "File I/O on Main Thread",
      culprit: "com.acme.mobile.settings.PrefsStore.load",
      level: "info",
      status: "unresolved",
      substatus: "ongoing",
      priority: "low",
      type: "generic",
      issueType: "profile_file_io_main_thread",
      issueCategory: "performance",
      metadata: {
        title: "File I/O on Main Thread",
        value: "com.acme.mobile.settings.PrefsStore.load",
      },
      count: 61,
      userCount: 48,
      firstSeenAgo: 21 * DAY,
      lastSeenAgo: 26 * HOUR,
      environments: ["production"],
      releases: [MOBILE_V_NEW],
      events: 1,
      event: {
        kind: "generic",
        occurrence: {
          type: 2001,
          subtitle: "com.acme.mobile.settings.PrefsStore.load",
          evidenceData: {
            frameName: "com.acme.mobile.settings.PrefsStore.load",
            framePackage: "com.acme.mobile",
            profileId: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
            templateName: "profile",
            transactionName: "MainActivity",
          },
          evidenceDisplay: [
            {
              name: "Suspect function",
              value: "com.acme.mobile.settings.PrefsStore.load",
              important: true,
            },
            { name: "Duration", value: "118ms", important: true },
          ],
        },
      },
    },
  ];
}
