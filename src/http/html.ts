/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * Headers for every HTML page we render: no framing, no scripts, no referrer leaks. A form may
 * post to this server and be redirected to `formTargets` (origins) only.
 */
export function htmlHeaders(formTargets: string[] = []): Record<string, string> {
  const targets = [
    "'self'",
    ...formTargets.filter((t) => /^https?:\/\/[^\s;,']+$|^[a-z][a-z0-9+.-]*:$/.test(t)),
  ];
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline'; form-action ${targets.join(" ")}; frame-ancestors 'none'; base-uri 'none'`,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
  };
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;background:#f6f5f9;color:#2b2233;margin:0}
main{max-width:34rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem 2.25rem;box-shadow:0 2px 12px #0001}
h1{font-size:1.35rem;margin:0 0 1rem}
p{line-height:1.5}
.client{font-weight:600;word-break:break-all}
fieldset{border:1px solid #ddd;border-radius:8px;padding:.75rem 1rem;margin:1rem 0}
legend{font-weight:600;padding:0 .25rem}
label{display:block;margin:.5rem 0;line-height:1.35}
label small{display:block;color:#6b6375;margin-left:1.6rem}
.write{color:#a3361f;font-size:.8rem;font-weight:600;margin-left:.35rem}
.meta{color:#6b6375;font-size:.9rem}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #6c5fc7;cursor:pointer}
button.primary{background:#6c5fc7;color:#fff}
button.secondary{background:#fff;color:#6c5fc7}
code{background:#f0eef5;padding:.1rem .3rem;border-radius:4px}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
