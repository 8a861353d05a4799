import { html, trustedHtml, type SafeHtml } from '../../http/html';

export const productName = 'Digitaal publicatie platform';

/**
 * Headers for every identity page: never cached (they carry one-time interaction state), never framed,
 * no scripts at all; inline styles only. No `form-action`: Chrome applies it to the redirect chain
 * after a form post, which ends at the console's redirect URI (another origin during `npm run dev`).
 */
export const pageHeaders: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const styles = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;
  padding:24px 16px;background:#eef2f7;color:#1b2430;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:20px;font-weight:600;font-size:1.05rem;color:#1b3a6b}
.mark{width:32px;height:32px;border-radius:8px;background:linear-gradient(135deg,#1f5fbf,#17a398);
  color:#fff;display:grid;place-items:center;font-size:.7rem;font-weight:700;letter-spacing:.02em}
main{width:100%;max-width:420px;background:#fff;border-radius:12px;padding:28px 24px;
  box-shadow:0 1px 2px rgba(16,24,40,.06),0 8px 24px rgba(16,24,40,.08)}
h1{margin:0 0 8px;font-size:1.5rem;line-height:1.25}
h2{margin:28px 0 6px;font-size:1rem}
p{margin:0 0 16px;color:#3d4a5c}
label{display:block;margin-bottom:6px;font-weight:600}
input[type=email]{width:100%;padding:12px;border:1px solid #b8c2d0;border-radius:8px;font:inherit;background:#fff}
input[type=email]:focus{outline:3px solid rgba(31,95,191,.3);border-color:#1f5fbf}
.primary{margin-top:16px;width:100%;padding:12px 16px;border:0;border-radius:8px;background:#1f5fbf;color:#fff;
  font:inherit;font-weight:600;cursor:pointer}
.primary:hover,.primary:focus-visible{background:#184c99}
.link-button{display:block;text-align:center;text-decoration:none}
.secondary{background:#e7ecf3;color:#1b2430}
.secondary:hover,.secondary:focus-visible{background:#d8e0ea}
.alert{margin:0 0 16px;padding:12px 14px;border-radius:8px;background:#fdecec;border:1px solid #f3b8b8;color:#8a1c1c}
.users{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.user{width:100%;display:flex;flex-direction:column;align-items:flex-start;gap:2px;padding:12px 14px;
  border:1px solid #cdd6e2;border-radius:8px;background:#f8fafc;font:inherit;text-align:left;cursor:pointer;color:inherit}
.user:hover,.user:focus-visible{border-color:#1f5fbf;background:#f0f5fd}
.user strong{font-weight:600}
.user span{font-size:.9rem;color:#52607a;word-break:break-all}
.note{margin:20px 0 0;font-size:.85rem;color:#52607a}
details{margin-top:16px;font-size:.85rem;color:#52607a}
code{word-break:break-all}
a{color:#1f5fbf}
@media (max-width:480px){body{justify-content:flex-start;padding:16px 12px}main{padding:22px 16px}}
`;

/** The shared frame of the sign-in, error and sign-out pages: product name, one card, Dutch language. */
export function pageLayout(title: string, content: SafeHtml): string {
  return html`<!doctype html>
    <html lang="nl">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} – ${productName}</title>
        <style>
          ${trustedHtml(styles)}
        </style>
      </head>
      <body>
        <header class="brand"><span class="mark" aria-hidden="true">DPP</span>${productName}</header>
        <main>${content}</main>
      </body>
    </html>`.value;
}
