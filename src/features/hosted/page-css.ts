/**
 * The hosted page's stylesheet: one constant, inline (allowed by hash in the CSP), every colour,
 * the font and the button radius read from the brand's custom properties (`--brand-*`, see
 * src/features/brands/brand-theme.ts) so a brand restyles every block. The defaults below pass
 * WCAG AA on their own: muted text 7:1 on the background, button text 8:1 on the primary.
 * A type scale of 1.25 from 1rem, spacing on an 8px grid, content 1120px wide at most.
 */
const DEFAULTS: Record<string, string> = {
  '--brand-primary': '#1d4ed8',
  '--brand-primary-text': '#ffffff',
  '--brand-accent': '#0f766e',
  '--brand-background': '#ffffff',
  '--brand-text': '#111827',
  '--brand-muted': '#4b5563',
  '--brand-font': 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif',
  '--brand-radius': '8px',
};

const BASE = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:var(--brand-font);font-size:1rem;line-height:1.6;color:var(--brand-text);background:var(--brand-background);-webkit-font-smoothing:antialiased}
img{max-width:100%;height:auto;display:block}
a{color:var(--link)}
h1,h2,h3{line-height:1.15;letter-spacing:-0.02em;margin:0;font-weight:700;text-wrap:balance}
h1{font-size:clamp(2.25rem,1.6rem + 3vw,3.75rem)}
h2{font-size:clamp(1.75rem,1.4rem + 1.6vw,2.5rem)}
h3{font-size:1.25rem;letter-spacing:-0.01em}
p{margin:0}
.wrap{max-width:1120px;margin:0 auto;padding:0 24px}
.skip{position:absolute;left:-9999px}.skip:focus{left:16px;top:16px;z-index:10;background:var(--brand-background);padding:8px}
.top{position:sticky;top:0;z-index:5;background:color-mix(in srgb,var(--brand-background) 92%,transparent);backdrop-filter:saturate(1.5) blur(8px);border-bottom:1px solid var(--line)}
.top .wrap{display:flex;justify-content:space-between;align-items:center;gap:16px;min-height:64px}
.brand{font-weight:700;font-size:1.0625rem;letter-spacing:-0.01em;display:flex;align-items:center;gap:10px;min-width:0}
.brand span{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.brand img{height:32px;width:auto}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:12px 22px;border-radius:var(--brand-radius);border:2px solid var(--brand-primary);color:var(--brand-primary);background:transparent;text-decoration:none;font-weight:600;line-height:1.2;text-align:center;transition:transform .15s ease,box-shadow .15s ease}
.button:hover{transform:translateY(-1px);box-shadow:0 6px 16px -8px var(--brand-primary)}
.button:focus-visible,a:focus-visible,summary:focus-visible,.play:focus-visible{outline:3px solid var(--brand-accent);outline-offset:3px}
.button.primary{background:var(--brand-primary);color:var(--brand-primary-text)}
.top .button{min-height:44px;padding:8px 16px;font-size:.9375rem}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:32px}
.block{padding:88px 0}
.block+.block{border-top:1px solid var(--line)}
.block.tint,.block.band{border-top:0}
.block.tint+.block,.block.band+.block{border-top:0}
.eyebrow{display:inline-block;font-size:.8125rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase;color:var(--brand-accent);margin-bottom:16px}
.lead{font-size:1.125rem;color:var(--brand-muted);max-width:60ch}
.head{max-width:720px;margin:0 auto 48px;text-align:center}.head .lead{margin:16px auto 0}
.hero{padding:96px 0 88px;background:linear-gradient(180deg,var(--tint) 0%,var(--brand-background) 100%)}
.hero .wrap{display:grid;gap:48px;align-items:center}
.hero.has-image .wrap{grid-template-columns:minmax(0,1.1fr) minmax(0,1fr)}
.hero .sub{font-size:clamp(1.125rem,1rem + .5vw,1.3125rem);color:var(--brand-muted);margin-top:20px;max-width:40em}
.hero figure{margin:0}.hero img{border-radius:calc(var(--brand-radius)*2);box-shadow:0 24px 48px -24px rgba(15,23,42,.35);aspect-ratio:4/3;object-fit:cover;width:100%}
.logos .label{text-align:center;font-size:.875rem;font-weight:600;letter-spacing:.06em;text-transform:uppercase;color:var(--brand-muted);margin:0 0 24px}
.logos ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;justify-content:center;align-items:center;gap:16px 48px}
.logos li{display:flex;align-items:center;min-height:40px}
.logos img{height:36px;width:auto;filter:grayscale(1);opacity:.8}
.wordmark{font-size:1.25rem;font-weight:800;letter-spacing:-0.03em;color:var(--brand-muted)}
.block.logos{padding:48px 0}
.grid{display:grid;gap:24px;grid-template-columns:repeat(auto-fit,minmax(min(100%,220px),1fr))}
.card{background:var(--brand-background);border:1px solid var(--line);border-radius:calc(var(--brand-radius)*1.5);padding:28px}
.card h3{margin:20px 0 8px}.card p{color:var(--brand-muted)}
.card img{border-radius:var(--brand-radius);aspect-ratio:16/10;object-fit:cover;width:100%}
.icon{display:inline-flex;width:48px;height:48px;border-radius:var(--brand-radius);align-items:center;justify-content:center;background:var(--tint);color:var(--brand-primary)}
.icon svg{width:24px;height:24px}
.tint{background:var(--tint)}
.stats dl{display:grid;gap:32px;grid-template-columns:repeat(auto-fit,minmax(min(100%,180px),1fr));margin:0;text-align:center}
.stats dt{order:2;color:var(--brand-muted);font-size:1rem;margin-top:8px}
.stats dd{margin:0;font-size:clamp(2.25rem,1.8rem + 2vw,3.25rem);font-weight:800;letter-spacing:-0.03em;color:var(--brand-primary);line-height:1}
.stats .stat{display:flex;flex-direction:column}
.case{display:grid;gap:40px;grid-template-columns:minmax(0,1.3fr) minmax(0,1fr);align-items:start;border:1px solid var(--line);border-radius:calc(var(--brand-radius)*2);padding:48px;background:var(--brand-background)}
.case .tag{display:inline-block;font-size:.8125rem;font-weight:600;padding:4px 12px;border-radius:999px;background:var(--tint);color:var(--brand-text);margin-bottom:16px}
.case h2{font-size:clamp(1.5rem,1.3rem + 1vw,2rem)}.case p{color:var(--brand-muted);margin-top:16px}
.case .more{display:inline-block;margin-top:24px;font-weight:600;color:var(--link)}
.case dl{margin:0;display:grid;gap:20px}
.case .metric{border-left:4px solid var(--brand-accent);padding-left:16px}
.case dd{margin:0;font-size:2rem;font-weight:800;letter-spacing:-0.02em;line-height:1.1}
.case dt{color:var(--brand-muted);order:2}.case .metric{display:flex;flex-direction:column}
.case .who{display:flex;align-items:center;gap:12px;margin-bottom:8px}.case .who img{height:28px;width:auto}
.quote{max-width:820px;margin:0 auto;text-align:center}
.quote blockquote{margin:0;font-size:clamp(1.375rem,1.15rem + 1vw,1.875rem);line-height:1.4;font-weight:600;letter-spacing:-0.01em}
.quote blockquote p::before{content:"\\201C"}.quote blockquote p::after{content:"\\201D"}
.quote figcaption{margin-top:28px;display:inline-flex;align-items:center;gap:14px;text-align:left}
.avatar{width:56px;height:56px;border-radius:50%;object-fit:cover;flex:none;display:inline-flex;align-items:center;justify-content:center;background:var(--brand-primary);color:var(--brand-primary-text);font-weight:700}
.quote .name{font-weight:700;display:block}.quote .role{color:var(--brand-muted);display:block}
.faq .list{max-width:760px;margin:0 auto}
.faq details{border-bottom:1px solid var(--line)}
.faq summary{cursor:pointer;list-style:none;display:flex;justify-content:space-between;gap:16px;padding:20px 0;font-weight:600;font-size:1.125rem}
.faq summary::-webkit-details-marker{display:none}
.faq summary::after{content:"+";font-size:1.5rem;line-height:1;color:var(--brand-primary);flex:none}
.faq details[open] summary::after{content:"\\2212"}
.faq .answer{padding:0 0 20px;color:var(--brand-muted)}
.prose{max-width:68ch;margin:0 auto}.prose h2{margin-bottom:20px}
.prose p,.prose ul,.prose ol{margin:0 0 16px}.prose li{margin:4px 0}
.prose.has-image{max-width:none;display:grid;gap:48px;grid-template-columns:minmax(0,1fr) minmax(0,1fr);align-items:center}
.prose img{border-radius:calc(var(--brand-radius)*1.5)}
figure.media{margin:0 auto;max-width:960px}
figure.media img{border-radius:calc(var(--brand-radius)*1.5);width:100%}
figure.media figcaption{color:var(--brand-muted);font-size:.9375rem;text-align:center;margin-top:12px}
.video{position:relative;display:block;aspect-ratio:16/9;border-radius:calc(var(--brand-radius)*1.5);overflow:hidden;background:linear-gradient(135deg,var(--brand-primary),var(--brand-accent));color:var(--brand-primary-text);text-decoration:none}
.video img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.video .play{position:absolute;inset:0;display:flex;flex-direction:column;gap:16px;align-items:center;justify-content:center;background:rgba(15,23,42,.35);border:0;width:100%;color:#fff;font:inherit;cursor:pointer}
.video .play svg{width:72px;height:72px}
.video .play span{font-weight:600;font-size:1.0625rem;background:rgba(15,23,42,.8);padding:8px 18px;border-radius:999px;max-width:calc(100% - 32px);text-align:center}
.video iframe{position:absolute;inset:0;width:100%;height:100%;border:0}
.band{background:var(--brand-primary);color:var(--brand-primary-text);text-align:center}
.band h2{max-width:760px;margin:0 auto}.band p{max-width:640px;margin:16px auto 0}
.band .actions{justify-content:center}
.band .button{border-color:var(--brand-primary-text);color:var(--brand-primary-text)}
.band .button.primary{background:var(--brand-primary-text);color:var(--brand-primary)}
.band .button:focus-visible{outline-color:var(--brand-primary-text)}
.form-block form{max-width:560px;margin:24px auto 0;display:flex;flex-direction:column;gap:16px}
.form-block h2,.form-block .lead{text-align:center;max-width:640px;margin-left:auto;margin-right:auto}.form-block .lead{margin-top:12px;color:var(--brand-muted)}
.field{display:flex;flex-direction:column;gap:6px}.field label{font-weight:600}.field .optional{font-weight:400;color:var(--brand-muted)}
.field input,.field select,.field textarea{font:inherit;color:var(--brand-text);background:var(--brand-background);border:1px solid color-mix(in srgb,var(--brand-text) 45%,var(--brand-background));border-radius:var(--brand-radius);padding:10px 12px;min-height:48px}
.field input:focus-visible,.field select:focus-visible,.field textarea:focus-visible,.field.check input:focus-visible{outline:3px solid var(--brand-accent);outline-offset:2px}
.field.check{flex-direction:row;flex-wrap:wrap;align-items:flex-start;gap:10px}.field.check input{min-height:0;width:22px;height:22px;margin:2px 0 0}.field.check label{font-weight:400;flex:1}.field.check .field-error{flex-basis:100%}
.field [aria-invalid=true]{border-color:#b91c1c;border-width:2px}
.field-error,.form-notice{color:#b91c1c;font-size:.9375rem;font-weight:600}.field-error:empty,.form-notice:empty{display:none}
.hint{color:var(--brand-muted);font-size:.875rem}
.hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
.form-done{max-width:560px;margin:24px auto 0;padding:20px;border-radius:var(--brand-radius);background:var(--tint);text-align:center;font-weight:600}
footer{border-top:1px solid var(--line);background:var(--tint);padding:56px 0;margin-top:0}
footer .wrap{display:flex;flex-wrap:wrap;gap:48px}
footer h2{font-size:1rem;margin:0 0 12px;letter-spacing:0}footer ul{list-style:none;padding:0;margin:0}
footer li{margin:6px 0}footer a{color:var(--brand-text)}
.fine{color:var(--brand-muted);font-size:.875rem;margin-left:auto;align-self:flex-end}
@media (max-width:820px){
.block{padding:64px 0}.hero{padding:56px 0 64px}
.hero.has-image .wrap,.prose.has-image,.case{grid-template-columns:1fr}
.case{padding:28px}.head{margin-bottom:32px;text-align:left}.head .lead{margin-left:0}
.actions .button{flex:1 1 100%}.top .brand span{max-width:52vw}
.quote{text-align:left}.fine{margin-left:0}
}
@media (prefers-reduced-motion:reduce){*{transition:none!important}}`;

/**
 * The stylesheet for a brand: the defaults, the brand's properties over them, then derived tints.
 * `accent` is the page's own theme colour (metadata `themeColor`), used when the brand sets no primary.
 */
export function pageCss(
  accent: string | null,
  brandVariables: Readonly<Record<string, string>> = {},
): string {
  const variables = {
    ...DEFAULTS,
    ...(accent === null ? {} : { '--brand-primary': accent }),
    ...safeVariables(brandVariables),
  };
  const declared = Object.entries(variables)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  // Derived: a light tint of the primary for panels, hairlines from the text colour, links that
  // keep the text's contrast (the primary darkened toward the text).
  const derived =
    '--tint:color-mix(in srgb,var(--brand-primary) 7%,var(--brand-background));' +
    '--line:color-mix(in srgb,var(--brand-text) 12%,var(--brand-background));' +
    '--link:color-mix(in srgb,var(--brand-primary) 80%,var(--brand-text))';
  return `:root{${declared};${derived}}${BASE}`;
}

const VARIABLE_NAME = /^--brand-[a-z-]+$/;
// A value may not close the declaration block or open another rule: colours, lengths, font stacks.
const VARIABLE_VALUE = /^[#(),.%\w\s"'-]+$/;

/** Only `--brand-*` properties with plain values reach the stylesheet, whatever a brand holds. */
function safeVariables(variables: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).filter(
      ([name, value]) => VARIABLE_NAME.test(name) && VARIABLE_VALUE.test(value) && value.length <= 300,
    ),
  );
}
