import type { CdnLocation } from '../rendering/imageUrl';
import { absoluteCdnBase } from '../rendering/imageUrl';
import type { TemplateStyle, TemplateWebFont } from '../rendering/themeStyle';
import { html, trustedHtml, type SafeHtml } from '../http/html';
import { webFontOrigins } from '../themes/webFonts';
import type { PageLook } from './pageLook';

// The one layout of every page a recipient or visitor sees without signing in: the public form, the
// unsubscribe pages, the web version of a publication and the RSVP answer page. Each wears its
// environment's theme (logo, colours, fonts, web fonts included), is Dutch, fits a phone first and runs
// no script at all; its Content-Security-Policy allows exactly what the page loads.

export interface PublicPageOptions {
  /** Where the page's forms may post: the same origin (form, unsubscribe) or nowhere (web version). */
  formAction?: "'self'" | "'none'";
  /** Who may frame the page: nobody, or the console (its preview links the web version). */
  frameAncestors?: "'none'" | "'self'";
}

/**
 * The headers of a public page: no script (no `script-src`), images only from the CDN (the logo, a
 * publication's images), styles inline and from the web fonts' stylesheet hosts, font files only from
 * those fonts' file hosts, never sniffed, never cached (places left and closing moments change).
 */
export function publicPageHeaders(
  webFonts: readonly TemplateWebFont[],
  cdn: CdnLocation,
  { formAction = "'self'", frameAncestors = "'none'" }: PublicPageOptions = {},
): Record<string, string> {
  const origins = webFonts.map((font) => webFontOrigins(font.href)).filter((found) => found !== undefined);
  const styleHosts = unique(origins.map((found) => found.stylesheet));
  const fontHosts = unique(origins.flatMap((found) => found.fonts));
  const directives = [
    "default-src 'none'",
    `img-src ${new URL(absoluteCdnBase(cdn)).origin}`,
    ["style-src 'unsafe-inline'", ...styleHosts].join(' '),
    ...(fontHosts.length > 0 ? [`font-src ${fontHosts.join(' ')}`] : []),
    `form-action ${formAction}`,
    `frame-ancestors ${frameAncestors}`,
    "base-uri 'none'",
  ];
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': directives.join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

/** What a page may add to its head: a feed to subscribe to; search engines may index it (the archive). */
export interface PublicPageHead {
  feed?: { href: string; title: string };
  indexable?: boolean;
}

/** A public page: the environment's logo (or name) on top, then `content` in one readable column. */
export function publicPage(
  look: PageLook,
  title: string,
  content: SafeHtml,
  { feed, indexable = false }: PublicPageHead = {},
): string {
  const { style, environmentName } = look;
  const siteTitle = environmentName ? `${title} – ${environmentName}` : title;
  return html`<!doctype html>
    <html lang="nl">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        ${indexable ? '' : html`<meta name="robots" content="noindex" />`}
        ${feed ? html`<link rel="alternate" type="application/atom+xml" title="${feed.title}" href="${feed.href}" />` : ''}
        <title>${siteTitle}</title>
        ${style.webFonts.map((font) => html`<link rel="stylesheet" href="${font.href}" />`)}
        <style>
          ${trustedHtml(pageStyles(style))}
        </style>
      </head>
      <body>
        <div class="page">
          ${environmentName ? banner(look) : ''}
          <main>${content}</main>
        </div>
      </body>
    </html>`.value;
}

function banner({ style, environmentName }: PageLook): SafeHtml {
  return html`<header class="banner">
    ${
      style.logoUrl
        ? html`<img class="logo" src="${style.logoUrl}" alt="${environmentName}" />`
        : html`<p class="site-name">${environmentName}</p>`
    }
  </header>`;
}

/**
 * The page's CSS from the theme's values. Every value was checked by `themeStyle` (hex colours, font
 * names of letters, digits, spaces, - and _), so none can close the style element.
 */
function pageStyles(style: TemplateStyle): string {
  return `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;padding:24px 16px;background:${style.pageBackgroundColor};color:${style.textColor};
  font-family:${style.fontFamily};font-size:${Math.max(style.baseFontSize, 16) + 2}px;line-height:${style.lineHeight}}
.page{max-width:640px;margin:0 auto;background:${style.contentBackgroundColor};border-radius:12px;overflow:hidden;
  border-top:6px solid ${style.primaryColor};box-shadow:0 1px 2px rgba(16,24,40,.06),0 8px 24px rgba(16,24,40,.08)}
.banner{padding:20px 24px 0}
.logo{display:block;max-width:240px;max-height:64px;width:auto;height:auto}
.site-name{margin:0;font-family:${style.headingFontFamily};font-weight:700;font-size:1.2rem;color:${style.textColor}}
main{padding:20px 24px 28px}
h1,h2{font-family:${style.headingFontFamily};color:${style.textColor}}
h1{margin:0 0 12px;font-size:1.75rem;line-height:1.25}
h2{margin:0 0 8px;font-size:1.1rem}
p{margin:0 0 16px}
a{color:${style.linkColor}}
.description{white-space:pre-line}
.question{margin:0 0 28px;padding:0;border:0;min-width:0}
.question.has-error{border-left:4px solid #b42318;padding-left:14px}
legend,.question-label{display:block;margin:0 0 10px;padding:0;font-weight:700;font-size:1.1rem}
.optional{font-weight:400;font-size:.95rem}
.choice{display:flex;align-items:center;gap:12px;margin:0 0 10px}
.choice input{width:26px;height:26px;margin:0;flex:none;accent-color:${style.primaryColor}}
.choice label{flex:1;padding:6px 0;cursor:pointer}
.choice.is-full label{cursor:not-allowed;text-decoration:line-through}
.places{font-size:.95rem}
textarea,.text-input{width:100%;padding:12px;border:2px solid ${style.textColor};border-radius:8px;font:inherit;resize:vertical;
  background:#fff;color:#1b2430}
select{min-height:48px;min-width:8rem;padding:10px 12px;border:2px solid ${style.textColor};border-radius:8px;font:inherit;
  background:#fff;color:#1b2430}
textarea:focus,.text-input:focus,select:focus,.choice input:focus-visible{outline:3px solid ${style.primaryColor};outline-offset:2px}
.has-error textarea,.has-error .text-input{border-color:#b42318}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.error-message{color:#b42318;font-weight:700;margin:0 0 10px}
.error-summary{margin:0 0 24px;padding:16px;border:4px solid #b42318;border-radius:8px;background:#fff;color:#1b2430}
.error-summary h2{color:#1b2430}
.error-summary ul{margin:0;padding-left:20px}
.error-summary a{color:#b42318;font-weight:700}
.notice{padding:16px;border-left:6px solid ${style.primaryColor};background:rgba(127,127,127,.08)}
.primary{display:inline-block;min-height:48px;padding:12px 24px;border:0;border-radius:8px;
  background:${style.primaryColor};color:${style.onPrimaryColor};font:inherit;font-weight:700;cursor:pointer;
  text-decoration:none}
.primary:hover{filter:brightness(.92)}
.primary:focus-visible{outline:3px solid ${style.textColor};outline-offset:3px}
.archive-list{list-style:none;margin:0 0 16px;padding:0}
.archive-list li{padding:16px 0 0;border-top:1px solid rgba(127,127,127,.35)}
.archive-list h2{font-size:1.2rem}
.archive-date{margin:0 0 8px;font-size:.95rem}
.archive-pages{display:flex;flex-wrap:wrap;justify-content:space-between;gap:16px;margin:0 0 16px}
.secondary{display:inline-block;min-height:48px;padding:10px 22px;border:2px solid ${style.textColor};border-radius:8px;
  background:transparent;color:${style.textColor};font:inherit;font-weight:700;cursor:pointer}
.secondary:hover{background:rgba(127,127,127,.12)}
.secondary:focus-visible{outline:3px solid ${style.primaryColor};outline-offset:3px}
.section{margin:32px 0 0;padding:24px 0 0;border-top:1px solid rgba(127,127,127,.35)}
.page-links{margin:32px 0 0;padding:16px 0 0;border-top:1px solid rgba(127,127,127,.35)}
.page-links ul{margin:0;padding:0;list-style:none;display:flex;flex-wrap:wrap;gap:8px 24px}
.visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;
  clip:rect(0 0 0 0);white-space:nowrap;border:0}
@media (max-width:480px){body{padding:0;font-size:17px}.page{border-radius:0;min-height:100vh}
  .banner{padding:16px 16px 0}main{padding:16px 16px 24px}.primary,.secondary{width:100%}}
`;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
