/**
 * Call trees the sandbox samples profiles from: per transaction, the frames and weighted stacks
 * (root → leaf) a sampler would see. Weights may depend on the release, so a new release can
 * regress one path (backend@2.14.0 doubles the orders page's per-order line-item queries).
 */

export interface FrameDef {
  function: string;
  module: string;
  file: string;
  line: number;
  inApp: boolean;
}

export interface CallTree {
  platform: string;
  frames: FrameDef[];
  /** [frame indices root → leaf, weight] */
  stacks: (release: string | null) => Array<[number[], number]>;
  /** stack of an idle background thread */
  idle: number[];
}

const py = (fn: string, module: string, line: number, inApp: boolean): FrameDef => ({
  function: fn,
  module,
  file: `${module.replace(/\./g, "/")}.py`,
  line,
  inApp,
});

const DJANGO_FRAMES: FrameDef[] = [
  py("BaseHandler._get_response", "django.core.handlers.base", 197, false), // 0
  py("QuerySet._fetch_all", "django.db.models.query", 1928, false), // 1
  py("Cursor.execute", "psycopg.cursor", 732, false), // 2
  py("JSONEncoder.iterencode", "json.encoder", 258, false), // 3
  py("Thread.run", "threading", 1012, false), // 4
  py("Condition.wait", "threading", 355, false), // 5
];
const [HANDLER, FETCH, EXECUTE, ENCODE, THREAD, WAIT] = [0, 1, 2, 3, 4, 5];

function django(extra: FrameDef[], stacks: CallTree["stacks"]): CallTree {
  return { platform: "python", frames: [...DJANGO_FRAMES, ...extra], stacks, idle: [THREAD, WAIT] };
}

const ORDERS = django(
  [
    py("OrderListView.get", "orders.views", 41, true), // 6
    py("ListSerializer.to_representation", "rest_framework.serializers", 713, false), // 7
    py("OrderSerializer.to_representation", "orders.serializers", 58, true), // 8
    py("OrderSerializer.get_line_items", "orders.serializers", 64, true), // 9
    py("money_format", "orders.formatting", 12, true), // 10
  ],
  (release) => {
    const perOrderQueries = release === "backend@2.14.0" ? 90 : 40;
    return [
      [[HANDLER, 6, 7, 8, 9, FETCH, EXECUTE], perOrderQueries],
      [[HANDLER, 6, 7, 8, 9], 12],
      [[HANDLER, 6, 7, 8, 10], 9],
      [[HANDLER, 6, 7, 8], 8],
      [[HANDLER, 6, FETCH, EXECUTE], 10],
      [[HANDLER, ENCODE], 9],
      [[HANDLER], 2],
    ];
  },
);

const CHECKOUT = django(
  [
    py("CheckoutView.post", "orders.views", 88, true), // 6
    py("checkout", "orders.services", 23, true), // 7
    py("PaymentClient.charge", "orders.payments", 47, true), // 8
    py("Session.request", "requests.sessions", 589, false), // 9
    py("SSLSocket.recv_into", "ssl", 1251, false), // 10
    py("reserve_stock", "orders.services", 71, true), // 11
  ],
  () => [
    [[HANDLER, 6, 7, 8, 9, 10], 62],
    [[HANDLER, 6, 7, 8], 4],
    [[HANDLER, 6, 7, 11, FETCH, EXECUTE], 14],
    [[HANDLER, 6, 7], 7],
    [[HANDLER, ENCODE], 5],
  ],
);

const SUMMARY = django(
  [
    py("SummaryView.get", "dashboard.views", 19, true), // 6
    py("build_summary", "dashboard.summary", 30, true), // 7
    py("_sum_payments", "dashboard.summary", 52, true), // 8
    py("Decimal.__add__", "_pydecimal", 1179, false), // 9
  ],
  () => [
    [[HANDLER, 6, 7, 8, FETCH, EXECUTE], 38],
    [[HANDLER, 6, 7, FETCH, EXECUTE], 30],
    [[HANDLER, 6, 7, 8, 9], 11],
    [[HANDLER, 6, 7], 9],
    [[HANDLER, ENCODE], 6],
  ],
);

const kt = (fn: string, module: string, file: string, line: number, inApp: boolean): FrameDef => ({
  function: fn,
  module,
  file,
  line,
  inApp,
});

const ANDROID_BASE: FrameDef[] = [
  kt("Looper.loop", "android.os", "Looper.java", 288, false), // 0
  kt("ActivityThread.handleLaunchActivity", "android.app", "ActivityThread.java", 3784, false), // 1
  kt("RealCall.execute", "okhttp3.internal.connection", "RealCall.kt", 154, false), // 2
  kt("BitmapFactory.decodeStream", "android.graphics", "BitmapFactory.java", 741, false), // 3
  kt("Object.wait", "java.lang", "Object.java", 386, false), // 4
];

const MAIN_ACTIVITY: CallTree = {
  platform: "android",
  frames: [
    ...ANDROID_BASE,
    kt("MainActivity.onCreate", "com.acme.mobile", "MainActivity.kt", 42, true), // 5
    kt("CatalogRepository.load", "com.acme.mobile.catalog", "CatalogRepository.kt", 31, true), // 6
    kt("ImageDecoder.decode", "com.acme.mobile.catalog", "ImageDecoder.kt", 77, true), // 7
  ],
  stacks: () => [
    [[0, 1, 5, 6, 7, 3], 46],
    [[0, 1, 5, 6, 7], 10],
    [[0, 1, 5, 6, 2], 24],
    [[0, 1, 5], 12],
    [[0], 8],
  ],
  idle: [4],
};

const CHECKOUT_ACTIVITY: CallTree = {
  platform: "android",
  frames: [
    ...ANDROID_BASE,
    kt("CheckoutActivity.onCreate", "com.acme.mobile.checkout", "CheckoutActivity.kt", 58, true), // 5
    kt(
      "CheckoutFragment.onViewCreated",
      "com.acme.mobile.checkout",
      "CheckoutFragment.kt",
      112,
      true,
    ), // 6
    kt("CartStore.refresh", "com.acme.mobile.cart", "CartStore.kt", 40, true), // 7
  ],
  stacks: () => [
    [[0, 1, 5, 7, 2], 40],
    [[0, 1, 5, 6], 22],
    [[0, 1, 5], 20],
    [[0], 10],
  ],
  idle: [4],
};

/** The call tree of a profiled transaction, by transaction name. */
export const CALL_TREES: Record<string, CallTree> = {
  "GET /api/v2/orders/": ORDERS,
  "POST /api/v2/checkout/": CHECKOUT,
  "GET /api/v2/dashboard/summary": SUMMARY,
  MainActivity: MAIN_ACTIVITY,
  CheckoutActivity: CHECKOUT_ACTIVITY,
};

/** The celery worker a continuous profiler samples while the monthly reports run. */
export const WORKER_TREE: CallTree = django(
  [
    py("WorkController.start", "celery.worker.worker", 202, false), // 6
    py("generate_monthly", "reports.tasks", 17, true), // 7
    py("render_account", "reports.render", 44, true), // 8
    py("SimpleDocTemplate.build", "reportlab.platypus.doctemplate", 1322, false), // 9
    py("S3.put_object", "botocore.client", 569, false), // 10
    py("SSLSocket.send", "ssl", 1206, false), // 11
  ],
  () => [
    [[6, 7, 8, 10, 11], 46],
    [[6, 7, 8, 9], 27],
    [[6, 7, 8, FETCH, EXECUTE], 14],
    [[6, 7, 8], 6],
    [[6, 7], 4],
    [[6], 3],
  ],
);
