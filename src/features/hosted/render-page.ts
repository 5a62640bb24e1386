import { createHash } from 'node:crypto';
import { renderToString } from 'preact-render-to-string';
import type { FormBlock } from '../../domain/page-blocks.js';
import { HostedPage, NotFoundPage } from './components/hosted-page.js';
import { altchaStyleHash } from './form-assets.js';
import type { HostedView } from './hosted-view.js';
import { pageCss } from './page-css.js';
import type { PageScript } from './page-scripts.js';
import { safeUrl } from './safe-url.js';

/**
 * Renders a hosted page to a complete HTML document with the Content-Security-Policy that allows
 * exactly its inline style and scripts, by SHA-256 hash. Nothing else can run: an injected
 * <script> (were escaping ever to fail) has no hash in the policy.
 */
export interface RenderedPage {
  html: string;
  csp: string;
}

/**
 * Click-to-load videos: a click on a video's poster swaps it for the player (nothing is requested
 * from the video's host before); without JavaScript the poster is a link to the video's page.
 */
export const VIDEO_SCRIPT = `document.addEventListener("click",function(e){var a=e.target.closest&&e.target.closest("a[data-video-embed]");if(!a||e.ctrlKey||e.metaKey||e.shiftKey)return;e.preventDefault();var f=document.createElement("iframe");f.src=a.getAttribute("data-video-embed");f.title=a.getAttribute("data-video-title")||"Video";f.allow="autoplay; encrypted-media; picture-in-picture; fullscreen";f.setAttribute("allowfullscreen","");var d=document.createElement("div");d.className="video";d.appendChild(f);a.replaceWith(d)});`;

/** The players a video block may load after the click (privacy-enhanced hosts only). */
const VIDEO_FRAMES = 'https://www.youtube-nocookie.com https://player.vimeo.com';

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

/**
 * Forms submit in place when JavaScript runs (docs/forms.md): the same POST as without it, asking
 * for JSON; errors go beside their fields, the thank-you message replaces the form. A form asking
 * for proof of work names the widget's script (`data-altcha-src`): it is loaded on the visitor's
 * first focus in that form (not with the page, whose load it would slow; its file brings the
 * main-thread solver, form-assets.ts) and told of that focus so it starts solving in the background; a submit waits for the script and
 * the proof (starting it if nothing was focused). On a cached page such a form (`data-quire-token`)
 * first fetches its own token and challenge as the page loads (serve-form.ts); if that fails, a
 * submit posts the form as a page without JavaScript does (the rendering's shared token,
 * unproven). It fills `_referrer` (where the visitor came from), which a page without JavaScript
 * cannot know.
 */
export const FORM_SCRIPT = `(function(){var M="Your message could not be sent. Please reload the page and try again.";var K=[];document.querySelectorAll("form[data-quire-token]").forEach(function(f){K.push(fetch(f.action,{method:"POST",body:new URLSearchParams({_form:f.getAttribute("data-quire-form"),_intent:"token"}),headers:{accept:"application/json"},credentials:"omit"}).then(function(r){return r.json()}).then(function(a){if(!a.token)throw M;f.querySelector('input[name="_token"]').value=a.token;var w=f.querySelector("altcha-widget");if(w&&a.challenge)w.setAttribute("challenge",a.challenge);f.removeAttribute("data-quire-token")}))});var ready=Promise.all(K).catch(function(){});var L=null;function load(){if(L)return L;var a=document.querySelector("form[data-altcha-src]");L=a?ready.then(function(){return new Promise(function(r){var t=document.createElement("script");t.src=a.getAttribute("data-altcha-src");t.onload=function(){setTimeout(function(){var g=document.activeElement;if(g&&g.closest&&g.closest("form[data-altcha-src]"))g.dispatchEvent(new FocusEvent("focusin",{bubbles:true}));r()},0)};t.onerror=function(){r()};document.head.appendChild(t)})}):Promise.resolve();return L}document.addEventListener("focusin",function(e){var t=e.target;if(t&&t.closest&&t.closest("form[data-altcha-src]"))load()});document.querySelectorAll("form[data-quire-form]").forEach(function(f){var r=f.querySelector('input[name="_referrer"]');if(r)r.value=document.referrer});document.addEventListener("submit",function(e){var f=e.target;if(!f||!f.matches||!f.matches("form[data-quire-form]"))return;e.preventDefault();var b=f.querySelector('button[type="submit"]');if(b.disabled)return;b.disabled=true;var n=f.querySelector(".form-notice");var native=false;var proof=ready.then(function(){if(f.hasAttribute("data-quire-token")){native=true;return null}return load().then(function(){var w=f.querySelector("altcha-widget");return w&&w.verify?w.verify():null})}).catch(function(){return null});proof.then(function(v){if(native){HTMLFormElement.prototype.submit.call(f);return new Promise(function(){})}var d=new FormData(f);if(v&&v.payload)d.set("altcha",v.payload);return fetch(f.action,{method:"POST",body:new URLSearchParams(d),headers:{accept:"application/json"},credentials:"omit"})}).then(function(r){return r.json()}).then(function(a){f.querySelectorAll("[aria-invalid]").forEach(function(i){i.removeAttribute("aria-invalid")});f.querySelectorAll(".field-error").forEach(function(p){p.textContent=""});n.textContent="";if(a.status==="sent"){if(a.redirectUrl){location.href=a.redirectUrl;return}var p=document.createElement("p");p.className="form-done";p.setAttribute("role","status");p.textContent=a.message;f.replaceWith(p);return}var first=null;Object.keys(a.errors||{}).forEach(function(k){var i=f.elements.namedItem(k);var p=document.getElementById(f.getAttribute("data-quire-form")+"-"+k+"-error");if(i&&i.setAttribute){i.setAttribute("aria-invalid","true");first=first||i}if(p)p.textContent=a.errors[k]});if(a.message)n.textContent=a.message;if(first)first.focus();b.disabled=false}).catch(function(){n.textContent=M;b.disabled=false})})})();`;

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
interface FormPolicy {
  /** Where the forms post and may redirect to after (their origins; 'self' is always allowed). */
  actionOrigins: string[];
  /** The origin the forms post to when it is not the page's own (a tenant's host), else null. */
  postOrigin: string | null;
  /**
   * The proof-of-work widget's script when a form asks for it, else null: allowed by its exact URL
   * and its stylesheet by hash (it solves on the page's thread, no worker). The form script loads it
   * on the visitor's first focus in such a form, so a page's load never pays for it.
   */
  altchaScriptUrl: string | null;
}

function policy(
  css: string,
  scripts: PageScript[],
  beacon: boolean,
  framedBySelf = false,
  video = false,
  forms: FormPolicy | null = null,
  fontFileUrl: string | null = null,
): string {
  const sources = [
    ...scripts.map((s) => (s.src === null ? sha256(s.code) : s.src)),
    ...(forms?.altchaScriptUrl ? [forms.altchaScriptUrl] : []),
  ];
  const origins = [
    ...(beacon || forms !== null ? ["'self'"] : []),
    ...new Set([
      ...scripts.flatMap((s) => (s.src === null ? [] : [new URL(s.src).origin])),
      ...(forms?.altchaScriptUrl ? [new URL(forms.altchaScriptUrl).origin] : []),
      // A form on a tenant's own host posts (in place, too) to its page's /p/ address.
      ...(forms?.postOrigin ? [forms.postOrigin] : []),
    ]),
  ];
  return [
    "default-src 'none'",
    // Images are Quire's own files or the operator's http(s) URLs.
    "img-src 'self' https: http: data:",
    `style-src ${sha256(css)}${forms?.altchaScriptUrl ? ` ${altchaStyleHash()}` : ''}`,
    // A brand's self-hosted font: Quire's own /files/ ('self') or PUBLIC_FILE_BASE_URL's origin.
    ...(fontFileUrl === null ? [] : [`font-src ${fontSource(fontFileUrl)}`]),
    sources.length === 0 ? "script-src 'none'" : `script-src ${sources.join(' ')}`,
    origins.length === 0 ? "connect-src 'none'" : `connect-src ${origins.join(' ')}`,
    ...(video ? [`frame-src ${VIDEO_FRAMES}`] : []),
    "base-uri 'none'",
    forms === null ? "form-action 'none'" : `form-action ${["'self'", ...forms.actionOrigins].join(' ')}`,
    // Only a preview may be framed, and only by this server's own pages (the console's live preview).
    framedBySelf ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
    ...(framedBySelf ? [] : [PAGE_SANDBOX]),
  ].join('; ');
}

/** 'self' for a root-relative file URL (Quire serves it), else the file base's origin. */
function fontSource(url: string): string {
  return url.startsWith('/') ? "'self'" : new URL(url).origin;
}

/** `framedBySelf`: a preview, which the console (same origin) shows in an iframe. */
export function renderHostedPage(view: HostedView, framedBySelf = false): RenderedPage {
  // The brand's @font-face belongs to the inline stylesheet, so the CSP's style-src hash covers it.
  const css = view.brand.fontFaceCss + pageCss(view.accent, view.brand.cssVariables);
  const video = view.blocks.some((b) => b.type === 'video');
  const inline = (code: string): PageScript => ({
    src: null,
    code,
    defer: false,
    async: false,
    module: false,
    data: {},
  });
  const forms = formPolicy(view);
  const scripts: PageScript[] = [
    ...view.scripts.map((s) => ({ ...s, code: scriptText(s.code) })),
    ...(view.beaconUrl === null ? [] : [inline(beaconScript(view.beaconUrl))]),
    ...(video ? [inline(VIDEO_SCRIPT)] : []),
    ...(forms === null ? [] : [inline(FORM_SCRIPT)]),
  ];
  const html = `<!doctype html>${renderToString(HostedPage({ view, css, scripts }))}`;
  return {
    html,
    csp: policy(css, scripts, view.beaconUrl !== null, framedBySelf, video, forms, view.brand.fontFileUrl),
  };
}

/** What a page's live forms need of its CSP; null when it shows none (or is a preview: inert forms). */
function formPolicy(view: HostedView): FormPolicy | null {
  const forms = view.blocks.filter((b): b is FormBlock => b.type === 'form');
  if (forms.length === 0 || view.form === null) return null;
  const origins = new Set<string>();
  const originOf = (url: string) => {
    const safe = safeUrl(url);
    if (safe !== null && !safe.startsWith('/')) origins.add(new URL(safe).origin);
  };
  originOf(view.form.action);
  const postOrigin = origins.size === 0 ? null : [...origins][0]!;
  for (const form of forms) if (form.redirectUrl !== undefined) originOf(form.redirectUrl);
  return {
    actionOrigins: [...origins],
    postOrigin,
    altchaScriptUrl: forms.some((f) => view.form!.challenges[f.blockId] !== undefined)
      ? view.form.altchaScriptUrl
      : null,
  };
}

const NOT_FOUND_CSS = pageCss(null);
export const NOT_FOUND_PAGE: RenderedPage = {
  html: `<!doctype html>${renderToString(NotFoundPage({ css: NOT_FOUND_CSS }))}`,
  csp: policy(NOT_FOUND_CSS, [], false),
};
