import type {
  CaseStudyBlock,
  CtaBannerBlock,
  FaqBlock,
  FeaturesBlock,
  ImageBlock,
  LogosBlock,
  PageBlock,
  RichTextBlock,
  StatsBlock,
  TestimonialBlock,
  VideoBlock,
} from '../../../domain/page-blocks.js';
import type { ImageView } from '../block-images.js';
import type { ButtonView } from '../hosted-view.js';
import { FormSection, type FormState, UNSENT_FORM } from './form-block.js';
import { Icon, PlayIcon } from './icons.js';
import { RichText } from './rich-text.js';

/**
 * One component per block type. Every section carries the class `block` (the console's selected
 * element counts `section.block` to say which section it is in, console/src/pages/workspace/
 * selected-element.ts; the agent maps that number back to a block), `data-block` (its type) and
 * `data-block-id` (tests and scripts find blocks by them). Images arrive resolved (block-images.ts): an
 * `ImageView` in the member where the block names its image.
 */
export interface BlockContext {
  /** The page's buttons, primary first (the header action, else the first). */
  actions: ButtonView[];
  /** How the page's forms are rendered for this request (none: a preview, forms shown inert). */
  form: FormState | null;
}

const image = (value: unknown) => value as ImageView | undefined;

/** An image with its box reserved (width/height, CSS aspect ratio) and loaded lazily below the fold. */
export function Img({
  view,
  sizes,
  fallback,
  eager = false,
  class: className,
}: {
  view: ImageView;
  sizes: string;
  fallback: [number, number];
  eager?: boolean;
  class?: string;
}) {
  return (
    <img
      src={view.src}
      {...(view.srcSet === undefined ? {} : { srcset: view.srcSet, sizes })}
      alt={view.alt}
      width={view.width ?? fallback[0]}
      height={view.height ?? fallback[1]}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
      {...(eager ? { fetchpriority: 'high' } : {})}
      class={className}
    />
  );
}

export function Button({ action, primary = false }: { action: ButtonView; primary?: boolean }) {
  return (
    <a class={primary ? 'button primary' : 'button'} href={action.href} data-action-id={action.actionId}>
      {action.title}
    </a>
  );
}

function Section({
  block,
  class: className,
  label,
  children,
}: {
  block: PageBlock;
  class: string;
  label?: string;
  children: preact.ComponentChildren;
}) {
  return (
    <section
      class={`block ${className}`}
      data-block={block.type}
      data-block-id={block.blockId}
      aria-label={label}
    >
      <div class="wrap">{children}</div>
    </section>
  );
}

function Logos({ block }: { block: LogosBlock }) {
  return (
    <Section block={block} class="logos" label={block.heading || 'Customers'}>
      {block.heading !== '' && <p class="label">{block.heading}</p>}
      <ul>
        {block.logos.map((logo, i) => {
          const view = image(logo.image);
          return (
            <li key={i}>
              {view ? (
                <Img view={{ ...view, alt: view.alt || logo.name }} sizes="160px" fallback={[160, 40]} />
              ) : (
                <span class="wordmark">{logo.name}</span>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function Features({ block }: { block: FeaturesBlock }) {
  return (
    <Section block={block} class="features">
      <div class="head">
        <h2>{block.heading}</h2>
        {block.intro && <p class="lead">{block.intro}</p>}
      </div>
      <div class="grid">
        {block.items.map((item, i) => {
          const view = image(item.image);
          return (
            <div class="card" key={i}>
              {view ? (
                <Img view={view} sizes="(max-width: 820px) 100vw, 360px" fallback={[640, 400]} />
              ) : (
                <span class="icon">
                  <Icon name={item.icon ?? 'check'} />
                </span>
              )}
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </div>
          );
        })}
      </div>
    </Section>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => w !== '')
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

function Testimonial({ block }: { block: TestimonialBlock }) {
  const photo = image(block.photo);
  const role = [block.role, block.company].filter((v) => v !== undefined && v !== '').join(', ');
  return (
    <Section block={block} class="tint" label={`What ${block.author} says`}>
      <figure class="quote">
        <blockquote>
          <p>{block.quote}</p>
        </blockquote>
        <figcaption>
          {photo ? (
            <Img view={photo} sizes="56px" fallback={[56, 56]} class="avatar" />
          ) : (
            <span class="avatar" aria-hidden="true">
              {initials(block.author)}
            </span>
          )}
          <span>
            <span class="name">{block.author}</span>
            {role !== '' && <span class="role">{role}</span>}
          </span>
        </figcaption>
      </figure>
    </Section>
  );
}

function Stats({ block }: { block: StatsBlock }) {
  return (
    <Section block={block} class="stats" label={block.heading || 'In figures'}>
      {block.heading && (
        <div class="head">
          <h2>{block.heading}</h2>
        </div>
      )}
      <dl>
        {block.items.map((item, i) => (
          <div class="stat" key={i}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function CaseStudy({ block }: { block: CaseStudyBlock }) {
  const logo = image(block.logo);
  return (
    <Section block={block} class="tint">
      <article class="case">
        <div>
          <div class="who">
            {logo && <Img view={logo} sizes="120px" fallback={[120, 28]} />}
            <span class="tag">
              Case study · {block.customer} · {block.industry}
            </span>
          </div>
          <h2>{block.title}</h2>
          <p>{block.summary}</p>
          {block.link && (
            <a class="more" href={block.link.url}>
              {block.link.text} <span aria-hidden="true">→</span>
            </a>
          )}
        </div>
        {block.metrics.length > 0 && (
          <dl>
            {block.metrics.map((m, i) => (
              <div class="metric" key={i}>
                <dt>{m.label}</dt>
                <dd>{m.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </article>
    </Section>
  );
}

function Faq({ block }: { block: FaqBlock }) {
  return (
    <Section block={block} class="faq">
      <div class="head">
        <h2>{block.heading}</h2>
      </div>
      <div class="list">
        {block.items.map((item, i) => (
          <details key={i} open={i === 0}>
            <summary>{item.question}</summary>
            <div class="answer">
              <RichText text={item.answer} />
            </div>
          </details>
        ))}
      </div>
    </Section>
  );
}

function RichTextSection({ block }: { block: RichTextBlock }) {
  const view = image(block.image);
  return (
    <Section block={block} class="text" label={block.heading ? undefined : 'Text'}>
      <div class={view ? 'prose has-image' : 'prose'}>
        <div>
          {block.heading && <h2>{block.heading}</h2>}
          <RichText text={block.text} />
        </div>
        {view && <Img view={view} sizes="(max-width: 820px) 100vw, 540px" fallback={[1080, 720]} />}
      </div>
    </Section>
  );
}

function ImageSection({ block }: { block: ImageBlock }) {
  const view = image(block.image);
  if (!view) return null;
  return (
    <Section block={block} class="image" label={view.alt || 'Image'}>
      <figure class="media">
        <Img view={view} sizes="(max-width: 1008px) 100vw, 960px" fallback={[1920, 1080]} />
        {block.caption && <figcaption>{block.caption}</figcaption>}
      </figure>
    </Section>
  );
}

/** Where a video plays after the click (privacy-enhanced players), and its page as the no-script link. */
export function videoUrls(block: Pick<VideoBlock, 'provider' | 'videoId'>) {
  const id = encodeURIComponent(block.videoId);
  return block.provider === 'youtube'
    ? {
        page: `https://www.youtube.com/watch?v=${id}`,
        embed: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`,
      }
    : { page: `https://vimeo.com/${id}`, embed: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1` };
}

/** A poster and a play button: nothing is fetched from the video's host until the visitor clicks. */
function Video({ block }: { block: VideoBlock }) {
  const poster = image(block.poster);
  const urls = videoUrls(block);
  return (
    <Section block={block} class="video-block" label={block.title}>
      <figure class="media">
        <a class="video" href={urls.page} data-video-embed={urls.embed} data-video-title={block.title}>
          {poster && (
            <Img
              view={{ ...poster, alt: '' }}
              sizes="(max-width: 1008px) 100vw, 960px"
              fallback={[1280, 720]}
            />
          )}
          <span class="play">
            <PlayIcon />
            <span>Play video: {block.title}</span>
          </span>
        </a>
        {block.caption && <figcaption>{block.caption}</figcaption>}
      </figure>
    </Section>
  );
}

function CtaBanner({ block, context }: { block: CtaBannerBlock; context: BlockContext }) {
  const wanted = block.actionIds ?? [];
  const buttons =
    wanted.length === 0
      ? context.actions.slice(0, 1)
      : wanted.flatMap((id) => context.actions.find((a) => a.actionId === id) ?? []);
  return (
    <Section block={block} class="band">
      <h2>{block.heading}</h2>
      {block.text && <p>{block.text}</p>}
      {buttons.length > 0 && (
        <div class="actions">
          {buttons.map((action, i) => (
            <Button key={action.actionId} action={action} primary={i === 0} />
          ))}
        </div>
      )}
    </Section>
  );
}

/** A preview's form: shown as the visitor would see it, posting nowhere that accepts it. */
const PREVIEW_FORM: FormState = {
  action: '#',
  tokens: {},
  ...UNSENT_FORM,
  personName: null,
  challenges: {},
  altchaScriptUrl: '',
};

/** One block (the hero is rendered by the page, which knows the headline and the buttons). */
export function Block({ block, context }: { block: PageBlock; context: BlockContext }) {
  switch (block.type) {
    case 'logos':
      return <Logos block={block} />;
    case 'features':
      return <Features block={block} />;
    case 'testimonial':
      return <Testimonial block={block} />;
    case 'stats':
      return <Stats block={block} />;
    case 'caseStudy':
      return <CaseStudy block={block} />;
    case 'faq':
      return <Faq block={block} />;
    case 'richText':
      return <RichTextSection block={block} />;
    case 'image':
      return <ImageSection block={block} />;
    case 'video':
      return <Video block={block} />;
    case 'ctaBanner':
      return <CtaBanner block={block} context={context} />;
    case 'form':
      return <FormSection block={block} state={context.form ?? PREVIEW_FORM} />;
    default:
      return null;
  }
}
