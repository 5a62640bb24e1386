import type { ButtonView, HeadTags, HostedView } from '../hosted-view.js';
import type { PageScript } from '../page-scripts.js';

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
  return (
    <html lang="en">
      <Head head={view.head} css={css} />
      <body>
        <header class="top">
          <span class="brand">{view.title}</span>
          {view.headerAction && <Button action={view.headerAction} primary />}
        </header>
        <main id="main">
          <section class="hero">
            <h1>{view.headline}</h1>
            {view.subheadline !== '' && <p class="sub">{view.subheadline}</p>}
            {view.actions.length > 0 && (
              <div class="actions">
                {view.actions.map((action, index) => (
                  <Button key={action.actionId} action={action} primary={index === 0 && !view.headerAction} />
                ))}
              </div>
            )}
          </section>
          {view.sections.map((section, index) => (
            <section class="block" key={index}>
              {section.heading !== '' && <h2>{section.heading}</h2>}
              {section.image && <img src={section.image.url} alt={section.image.alt} loading="lazy" />}
              {section.text.split(/\n{2,}/).map((paragraph, p) => (
                <p key={p}>{paragraph}</p>
              ))}
            </section>
          ))}
          {view.widgets.map((widget, index) => (
            <section class="widget" key={`w${index}`} aria-label={widget.title || 'Logos'}>
              {widget.title !== '' && <h2>{widget.title}</h2>}
              <ul class="logos">
                {widget.logos.map((logo, l) => (
                  <li key={l}>
                    <img src={logo.url} alt={logo.alt} height={40} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </main>
        {view.footer.length > 0 && (
          <footer>
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
          </footer>
        )}
        {scripts.map((script, index) => (
          <Script key={index} script={script} />
        ))}
      </body>
    </html>
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

function Head({ head, css }: { head: HeadTags; css: string }) {
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

function Button({ action, primary = false }: { action: ButtonView; primary?: boolean }) {
  return (
    <a class={primary ? 'button primary' : 'button'} href={action.href} data-action-id={action.actionId}>
      {action.title}
    </a>
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
        <title>Page not found</title>
        {/* Raw on purpose: a constant stylesheet, allowed by hash in the CSP. */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <main id="main" class="hero">
          <h1>Page not found</h1>
          <p class="sub">This page does not exist or is no longer available.</p>
        </main>
      </body>
    </html>
  );
}
