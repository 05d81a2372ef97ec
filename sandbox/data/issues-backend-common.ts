/** Shared pieces of the acme/backend (Python / Django) seeds. */

import type { FrameSpec, RequestSpec } from "./seed-types.js";

export const DJANGO_PACKAGES = {
  django: "5.1.2",
  requests: "2.32.3",
  celery: "5.4.0",
  psycopg: "3.2.3",
  "sentry-sdk": "2.19.2",
  "acme-internal-utils": null,
};

export const djangoHandler: FrameSpec[] = [
  {
    file: "django/core/handlers/exception.py",
    absPath: "/usr/local/lib/python3.12/site-packages/django/core/handlers/exception.py",
    fn: "inner",
    module: "django.core.handlers.exception",
    line: 55,
    inApp: false,
    code: [
      "        try:",
      "            response = get_response(request)",
      "        except Exception as exc:",
    ],
  },
  {
    file: "django/core/handlers/base.py",
    absPath: "/usr/local/lib/python3.12/site-packages/django/core/handlers/base.py",
    fn: "_get_response",
    module: "django.core.handlers.base",
    line: 197,
    inApp: false,
    code: [
      "            try:",
      "                response = wrapped_callback(request, *callback_args, **callback_kwargs)",
      "            except Exception as e:",
    ],
  },
];

export const LONG_SHIPPING_PAYLOAD = JSON.stringify({
  carrier: "parcelhop",
  service_level: "next_day",
  parcels: Array.from({ length: 6 }, (_, k) => ({
    sku: `SKU-77${31 + k}`,
    weight_grams: 480 + k * 35,
    dimensions_cm: [30, 20, 10 + k],
    hs_code: "8471.30",
    description: "Refurbished thin-client terminal with power adapter and quick start guide",
  })),
});

export const checkoutRequest: RequestSpec = {
  method: "POST",
  url: "https://api.acme.example/api/v2/orders/99120/checkout/",
  query: [["expand", "items"]],
  headers: [
    ["Accept", "application/json"],
    ["Authorization", "Bearer acme_live_tok_7Qm2x9RfLw3PzK8vN4bT"],
    ["Content-Type", "application/json"],
    ["Cookie", "sessionid=k2v9q8w7e6r5t4y3; csrftoken=Zx81Lm02Qa"],
    ["Host", "api.acme.example"],
    ["User-Agent", "AcmeWeb/5.9.1 (+https://app.acme.example)"],
    ["X-Request-Id", "req_01JD4K8Z6M3N"],
  ],
  cookies: [
    ["sessionid", "k2v9q8w7e6r5t4y3"],
    ["csrftoken", "Zx81Lm02Qa"],
  ],
  data: { payment_method: "card", coupon: "SPRING25", gift_note: "Happy birthday, Sam!" },
};
