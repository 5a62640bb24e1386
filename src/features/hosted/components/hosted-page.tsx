import type { HeroBlock, PageBlock } from '../../../domain/page-blocks.js';
import type { ImageView } from '../block-images.js';
import type { ButtonView, HeadTags, HostedView } from '../hosted-view.js';
import type { PageScript } from '../page-scripts.js';
import { Block, Button, Img } from './blocks.js';

/**
 * The hosted page as one component tree. Preact escapes every text and attribute value, so stored
 * text can never become markup; the only raw content is the constant stylesheet and the scripts the
 * operator enabled (allowed by hash in the page's CSP). Imports no database: the console can reuse it.
 */
export interface HostedPageProps {
  view: HostedView;
  css: string;
  /** The scripts, in order: the operator's enabled scripts, then the beacon. */
  scripts: PageScript[];
}

export function HostedPage({ view, css, scripts }: HostedPageProps) {
  const primary = view.headerAction ?? view.actions[0] ?? null;
  // Buttons in page order with the primary first: what a call-to-action banner offers.
  const buttons = primary === null ? [] : [primary, ...view.actions.filter((a) => a !== primary)];
  const heroAt = view.blocks.findIndex((b) => b.type === 'hero');
  // The hero holds the page's one h1: every version shows it (no plan hides it, page-blocks.ts),
  // first unless the version moved it; a page without a hero block gets a bare one, first.
  const blocks: (PageBlock | null)[] = heroAt === -1 ? [null, ...view.blocks] : view.blocks;
  return (
    <html lang="en">
      <Head head={view.head} css={css} faviconUrl={view.brand.faviconUrl} />
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="top">
          <div class="wrap">
            <span class="brand">
              {view.brand.logoUrl !== null && <img src={view.brand.logoUrl} alt="" width={32} height={32} />}
              <span>{view.brand.name ?? view.title}</span>
            </span>
            {view.headerAction && <Button action={view.headerAction} primary />}
          </div>
        </header>
        <main id="main">
          {blocks.map((block) =>
            block === null || block.type === 'hero' ? (
              <Hero key="hero" view={view} block={block} buttons={buttons} />
            ) : (
              <Block key={block.blockId} block={block} context={{ actions: buttons, form: view.form }} />
            ),
          )}
          {view.widgets.map((widget, index) => (
            <Block
              key={`widget-${index}`}
              block={{
                blockId: `widget-${index + 1}`,
                type: 'logos',
                heading: widget.title,
                logos: widget.logos.map((logo) => ({
                  name: logo.alt,
                  image: { src: logo.url, alt: logo.alt } as never,
                })),
              }}
              context={{ actions: buttons, form: view.form }}
            />
          ))}
        </main>
        {view.footer.length > 0 && (
          <footer>
            <div class="wrap">
              {view.footer.map((group, index) => (
                <nav key={index} aria-label={group.title || 'Links'}>
                  {group.title !== '' && <h2>{group.title}</h2>}
                  <ul>
                    {group.links.map((link, l) => (
                      <li key={l}>
                        <a href={link.url}>{link.text}</a>
                      </li>
                    ))}
                  </ul>
                </nav>
              ))}
            </div>
          </footer>
        )}
        {scripts.map((script, index) => (
          <Script key={index} script={script} />
        ))}
      </body>
    </html>
  );
}

/** The hero: the version's headline and subheadline, the page's buttons, the block's eyebrow and image. */
function Hero({
  view,
  block,
  buttons,
}: {
  view: HostedView;
  block: HeroBlock | null;
  buttons: ButtonView[];
}) {
  const image = block?.image as ImageView | undefined;
  return (
    <section
      class={image ? 'hero has-image' : 'hero'}
      data-block="hero"
      data-block-id={block?.blockId ?? 'hero'}
    >
      <div class="wrap">
        <div>
          {block?.eyebrow && <p class="eyebrow">{block.eyebrow}</p>}
          <h1>{view.headline}</h1>
          {view.subheadline !== '' && <p class="sub">{view.subheadline}</p>}
          {buttons.length > 0 && (
            <div class="actions">
              {buttons.map((action, index) => (
                <Button key={action.actionId} action={action} primary={index === 0} />
              ))}
            </div>
          )}
        </div>
        {image && (
          <figure>
            <Img view={image} sizes="(max-width: 820px) 100vw, 520px" fallback={[1200, 900]} eager />
          </figure>
        )}
      </div>
    </section>
  );
}

function Script({ script }: { script: PageScript }) {
  const common = {
    ...script.data,
    ...(script.defer ? { defer: true } : {}),
    ...(script.async ? { async: true } : {}),
    ...(script.module ? { type: 'module' } : {}),
  };
  if (script.src !== null) return <script src={script.src} {...common} />;
  // Raw on purpose: the operator's own code or the beacon, allowed by hash in the CSP.
  return <script {...common} dangerouslySetInnerHTML={{ __html: script.code }} />;
}

function Head({ head, css, faviconUrl }: { head: HeadTags; css: string; faviconUrl: string | null }) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{head.title}</title>
      {head.description !== '' && <meta name="description" content={head.description} />}
      {head.keywords.length > 0 && <meta name="keywords" content={head.keywords.join(', ')} />}
      <meta name="robots" content={head.robots} />
      {head.canonical !== null && <link rel="canonical" href={head.canonical} />}
      {head.themeColor !== null && <meta name="theme-color" content={head.themeColor} />}
      {/* Without an icon the browser asks for /favicon.ico, which the sandboxed page (an opaque
          origin) may not load: a refused request per visit, logged as an error in its console. */}
      <link rel="icon" href={faviconUrl ?? 'data:,'} />
      {Object.entries(head.og).map(([property, content]) => (
        <meta key={property} property={property} content={content} />
      ))}
      {Object.entries(head.twitter).map(([name, content]) => (
        <meta key={name} name={name} content={content} />
      ))}
      {/* Raw on purpose: a constant stylesheet, allowed by hash in the CSP. */}
      <style dangerouslySetInnerHTML={{ __html: css }} />
    </head>
  );
}

/** The page every unknown or unavailable hosted URL shows (status 404). */
export function NotFoundPage({ css }: { css: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <link rel="icon" href="data:," />
        <title>Page not found</title>
        {/* Raw on purpose: a constant stylesheet, allowed by hash in the CSP. */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <main id="main" class="hero">
          <div class="wrap">
            <h1>Page not found</h1>
            <p class="sub">This page does not exist or is no longer available.</p>
          </div>
        </main>
      </body>
    </html>
  );
}
