/** Seed: the globex/storefront (PHP) issues. */

import type { IssueSeed } from "./seed-types.js";
import { DAY, HOUR } from "./util.js";

export function globexIssues(): IssueSeed[] {
  return [
    {
      id: "6100000501",
      shortId: "STOREFRONT-1",
      project: "storefront",
      title: "PDOException: SQLSTATE[HY000] [2002] Connection timed out",
      culprit: "App\\Http\\Controllers\\CartController::store",
      level: "fatal",
      status: "unresolved",
      substatus: "ongoing",
      priority: "high",
      type: "error",
      issueType: "error",
      issueCategory: "error",
      metadata: {
        type: "PDOException",
        value: "SQLSTATE[HY000] [2002] Connection timed out",
        filename: "app/Http/Controllers/CartController.php",
      },
      count: 96,
      userCount: 1,
      firstSeenAgo: 4 * DAY,
      lastSeenAgo: 3 * HOUR,
      assignee: "user:100006",
      isUnhandled: true,
      environments: ["production"],
      releases: ["storefront@2024.11.2"],
      events: 2,
      event: {
        kind: "error",
        exceptions: [
          {
            type: "PDOException",
            value: "SQLSTATE[HY000] [2002] Connection timed out",
            handled: false,
            frames: [
              {
                file: "app/Http/Controllers/CartController.php",
                absPath: "/var/www/app/Http/Controllers/CartController.php",
                fn: "store",
                module: "App\\Http\\Controllers\\CartController",
                line: 42,
                inApp: true,
                code: [
                  "        $cart = Cart::forSession($request->session());",
                  "        $cart->add($request->integer('sku'), 1);",
                  "        return back();",
                ],
              },
              {
                file: "vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php",
                fn: "createPdoConnection",
                module: "Illuminate\\Database\\Connectors\\Connector",
                line: 65,
                inApp: false,
              },
            ],
          },
        ],
      },
    },
    {
      id: "6100000502",
      shortId: "STOREFRONT-2",
      project: "storefront",
      title: "Slow checkout: payment provider responded in 8.2s",
      culprit: "checkout",
      level: "warning",
      status: "unresolved",
      substatus: "new",
      priority: "low",
      type: "default",
      issueType: "error",
      issueCategory: "error",
      metadata: { title: "Slow checkout: payment provider responded in 8.2s" },
      count: 3,
      userCount: 1,
      firstSeenAgo: 1 * DAY,
      lastSeenAgo: 7 * HOUR,
      environments: ["production"],
      releases: [],
      events: 1,
      event: {
        kind: "default",
        message: "Slow checkout: payment provider responded in 8.2s",
        context: null,
      },
    },
  ];
}
