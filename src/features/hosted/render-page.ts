import { createHash } from 'node:crypto';
import { renderToString } from 'preact-render-to-string';
import { HostedPage, NotFoundPage } from './components/hosted-page.js';
import type { HostedView } from './hosted-view.js';
import type { PageScript } from './page-scripts.js';

/**
 * Renders a hosted page to a complete HTML document with the Content-Security-Policy that allows
 * exactly its inline style and scripts, by SHA-256 hash. Nothing else can run: an injected
 * <script> (were escaping ever to fail) has no hash in the policy.
 */
export interface RenderedPage {
  html: string;
  csp: string;
}

const BASE_CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}
.top{display:flex;justify-content:space-between;align-items:center;padding:12px 24px;border-bottom:1px solid #e5e5e5}
.brand{font-weight:600}main{max-width:960px;margin:0 auto;padding:0 24px}
.hero{padding:56px 0 32px}h1{font-size:2.4rem;line-height:1.2;margin:0 0 16px}.sub{font-size:1.25rem;color:#404040;margin:0 0 24px}
.actions{display:flex;flex-wrap:wrap;gap:12px}.button{display:inline-block;padding:10px 20px;border-radius:6px;border:2px solid var(--accent);color:var(--accent-text);text-decoration:none;font-weight:600}
.button.primary{background:var(--accent);color:#fff}.block{padding:24px 0}.block img{max-width:100%;height:auto}
.widget{padding:24px 0}.logos{display:flex;flex-wrap:wrap;gap:24px;list-style:none;padding:0;margin:0;align-items:center}.logos img{height:40px;width:auto}
footer{display:flex;flex-wrap:wrap;gap:48px;padding:32px 24px;margin-top:48px;border-top:1px solid #e5e5e5;background:#fafafa}
footer h2{font-size:1rem;margin:0 0 8px}footer ul{list-style:none;padding:0;margin:0}footer a{color:#1a1a1a}`;

/** The accent defaults to a blue with 4.5:1 contrast on white; an operator's hex colour replaces it. */
export function pageCss(accent: string | null): string {
  const colour = accent ?? '#1d4ed8';
  return `:root{--accent:${colour};--accent-text:${accent === null ? colour : '#1a1a1a'}}${BASE_CSS}`;
}

/**
 * The beacon: one POST per page view, skipped when the browser says Do Not Track or Global Privacy
 * Control. It sends the referrer and the query (for UTM parameters); no cookie, no identifier.
 * The page is sandboxed (an opaque origin), so every request it makes is cross-origin: the body goes
 * as text/plain in `no-cors` mode, a simple request without a CORS preflight; the server reads it
 * as JSON (src/features/hosted/beacon-body.ts).
 */
export function beaconScript(url: string): string {
  const target = JSON.stringify(url).replace(/</g, '\\u003c');
  return `(function(){var n=navigator;if(n.doNotTrack==="1"||n.globalPrivacyControl)return;try{fetch(${target},{method:"POST",mode:"no-cors",keepalive:true,credentials:"omit",body:JSON.stringify({referrer:document.referrer,query:location.search})}).catch(function(){})}catch(e){}})();`;
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** `</script` inside a script would end it early; the escaped form means the same to JavaScript. */
function scriptText(source: string): string {
  return source.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

/**
 * The sandbox every visitor-facing page runs in (docs/security.md). Without `allow-same-origin` the
 * page gets an opaque origin: its scripts (an editor's snippet, a vendor's analytics) cannot read
 * this server's responses or send the console's cookie, so a page that the console's own origin
 * serves (the one-origin default) cannot act as the operator who opens it. Scripts, forms, popups
 * and a click's top-level navigation still work as on any page.
 */
export const PAGE_SANDBOX =
  'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';

/**
 * The one place a hosted page's Content-Security-Policy is made. Inline scripts by hash, external
 * ones by their exact URL; they may send data to their own origin (analytics), the beacon to this
 * one. A preview (`framedBySelf`) runs no script at all and is the only page not sandboxed: the
 * console reads its document for the element picker, which needs its real origin.
 */
function policy(css: string, scripts: PageScript[], beacon: boolean, framedBySelf = false): string {
  const sources = scripts.map((s) => (s.src === null ? sha256(s.code) : s.src));
  const origins = [
    ...(beacon ? ["'self'"] : []),
    ...new Set(scripts.flatMap((s) => (s.src === null ? [] : [new URL(s.src).origin]))),
  ];
  return [
    "default-src 'none'",
    'img-src https: http: data:',
    `style-src ${sha256(css)}`,
    sources.length === 0 ? "script-src 'none'" : `script-src ${sources.join(' ')}`,
    origins.length === 0 ? "connect-src 'none'" : `connect-src ${origins.join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    // Only a preview may be framed, and only by this server's own pages (the console's live preview).
    framedBySelf ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
    ...(framedBySelf ? [] : [PAGE_SANDBOX]),
  ].join('; ');
}

/** `framedBySelf`: a preview, which the console (same origin) shows in an iframe. */
export function renderHostedPage(view: HostedView, framedBySelf = false): RenderedPage {
  const css = pageCss(view.accent);
  const scripts: PageScript[] = [
    ...view.scripts.map((s) => ({ ...s, code: scriptText(s.code) })),
    ...(view.beaconUrl === null
      ? []
      : [
          {
            src: null,
            code: beaconScript(view.beaconUrl),
            defer: false,
            async: false,
            module: false,
            data: {},
          },
        ]),
  ];
  const html = `<!doctype html>${renderToString(HostedPage({ view, css, scripts }))}`;
  return { html, csp: policy(css, scripts, view.beaconUrl !== null, framedBySelf) };
}

const NOT_FOUND_CSS = pageCss(null);
export const NOT_FOUND_PAGE: RenderedPage = {
  html: `<!doctype html>${renderToString(NotFoundPage({ css: NOT_FOUND_CSS }))}`,
  csp: policy(NOT_FOUND_CSS, [], false),
};
