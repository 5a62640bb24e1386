import {
  Alert,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiProblem, api, PAGE_TYPES, type Page, type PageInput } from '../api';
import { QueryError } from '../components/QueryError';
import { UploadField } from '../components/UploadField';
import { queryKeys } from '../query-keys';
import { can, useMe } from '../session';
import { actionsOf, type ButtonRow, ButtonsField, rowsOf } from './ButtonsField';
import { PageAudiences } from './PageAudiences';
import { PageLeads } from './PageLeads';

interface Values {
  name: string;
  brandId: string;
  title: string;
  slug: string;
  pageType: string;
  pageContext: string;
  headline: string;
  subheadline: string;
}

const EMPTY: Values = {
  name: '',
  brandId: '',
  title: '',
  slug: '',
  pageType: 'inbound',
  pageContext: '',
  headline: '',
  subheadline: '',
};

/** The bounds of the API's page schema (src/features/pages/pages.schemas.ts), checked before sending. */
const LIMITS: Partial<Record<keyof Values, { required?: boolean; max: number }>> = {
  name: { required: true, max: 255 },
  brandId: { required: true, max: 255 },
  title: { required: true, max: 500 },
  slug: { max: 80 },
  pageContext: { max: 50_000 },
  headline: { max: 300 },
  subheadline: { max: 1000 },
};

/** API pointers to form fields: `/body/headline` is the headline field. */
const FIELD_OF: Record<string, keyof Values> = {
  'body.headline': 'headline',
  'body.subheadline': 'subheadline',
};

function check(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  for (const [field, limit] of Object.entries(LIMITS) as [
    keyof Values,
    { required?: boolean; max: number },
  ][]) {
    const value = values[field].trim();
    if (limit.required && value.length === 0) errors[field] = 'Required';
    else if (values[field].length > limit.max) errors[field] = `At most ${limit.max} characters`;
  }
  return errors;
}

function valuesOf(page: Page): Values {
  return {
    name: page.name,
    brandId: page.brandId,
    title: page.title,
    slug: page.slug ?? '',
    pageType: page.pageType,
    pageContext: page.pageContext,
    headline: page.body?.headline ?? '',
    subheadline: page.body?.subheadline ?? '',
  };
}

/** The hero block's image as the form edits it (only a page with a hero block has one). */
interface HeroImage {
  fileId: string | null;
  alt: string;
  width?: number | undefined;
  height?: number | undefined;
  /** Changed in the form: only then is the block's image replaced (an asset or URL image stays). */
  touched: boolean;
}
type Block = { type: string; image?: { fileId?: string; alt: string; width?: number; height?: number } };

function blocksOf(page: Page | undefined): Block[] {
  return ((page?.body as { blocks?: Block[] } | undefined)?.blocks ?? []) as Block[];
}

function heroOf(page: Page): HeroImage | null {
  const hero = blocksOf(page).find((b) => b.type === 'hero');
  if (hero === undefined) return null;
  return { fileId: hero.image?.fileId ?? null, alt: hero.image?.alt ?? '', touched: false };
}

/** The page's blocks as they are, but for the hero's image when the form changed it. */
function blocksWith(page: Page | undefined, hero: HeroImage | null): Block[] {
  return blocksOf(page).map((block) => {
    if (block.type !== 'hero' || hero === null || !hero.touched) return block;
    const { image: _, ...rest } = block;
    if (hero.fileId === null) return rest;
    const size =
      hero.width && hero.height
        ? { width: hero.width, height: hero.height }
        : block.image?.fileId === hero.fileId && block.image.width && block.image.height
          ? { width: block.image.width, height: block.image.height }
          : {};
    return { ...rest, image: { fileId: hero.fileId, alt: hero.alt.trim(), ...size } };
  });
}

function inputOf(
  values: Values,
  page: Page | undefined,
  buttons: ButtonRow[],
  hero: HeroImage | null,
): PageInput {
  const hasBody = values.headline !== '' || values.subheadline !== '' || page?.body !== undefined;
  return {
    name: values.name,
    brandId: values.brandId,
    title: values.title,
    pageType: values.pageType as PageInput['pageType'],
    pageContext: values.pageContext,
    ...(values.slug === '' ? {} : { slug: values.slug }),
    actions: actionsOf(buttons),
    ...(hasBody
      ? {
          // The page's blocks go back as they are: the form edits the hero's text and image only.
          body: {
            headline: values.headline,
            subheadline: values.subheadline,
            blocks: blocksWith(page, hero),
          } as unknown as PageInput['body'],
        }
      : {}),
  };
}

/** Create a page (pages/new) or edit one; archive, restore and delete it. */
export function PageForm() {
  const { tenant = '', pageId } = useParams();
  const editable = can(useMe(), 'editor');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const page = useQuery({
    queryKey: queryKeys.page(tenant, pageId),
    queryFn: () => api.getPage(tenant, pageId as string),
    enabled: pageId !== undefined,
  });
  const [values, setValues] = useState<Values>(EMPTY);
  const [buttons, setButtons] = useState<ButtonRow[]>([]);
  const [hero, setHero] = useState<HeroImage | null>(null);
  const [clientErrors, setClientErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (page.data) {
      setValues(valuesOf(page.data));
      setButtons(rowsOf(page.data.actions));
      setHero(heroOf(page.data));
    }
  }, [page.data]);

  const save = useMutation({
    mutationFn: (input: PageInput) =>
      pageId === undefined ? api.createPage(tenant, input) : api.updatePage(tenant, pageId, input),
    onSuccess: (saved) => {
      queryClient.invalidateQueries({ queryKey: queryKeys.pages(tenant) });
      queryClient.setQueryData(['page', tenant, saved.pageId], saved);
      setSaved(true);
      if (pageId === undefined) navigate(`/t/${tenant}/pages/${saved.pageId}`, { replace: true });
    },
  });
  const lifecycle = useMutation({
    mutationFn: (verb: 'archive' | 'restore' | 'delete') => {
      const id = pageId as string;
      if (verb === 'archive') return api.archivePage(tenant, id);
      if (verb === 'restore') return api.restorePage(tenant, id);
      return api.deletePage(tenant, id);
    },
    onSuccess: (changed) => {
      queryClient.setQueryData(['page', tenant, changed.pageId], changed);
      queryClient.invalidateQueries({ queryKey: queryKeys.pages(tenant) });
    },
  });

  const serverErrors: Partial<Record<keyof Values, string>> = {};
  const buttonErrors: Record<string, string> = {};
  let formError: string | null = null;
  let heroError: string | undefined;
  if (save.error instanceof ApiProblem) {
    for (const [path, detail] of Object.entries(save.error.fieldErrors())) {
      const field = FIELD_OF[path] ?? (path in EMPTY ? (path as keyof Values) : undefined);
      if (field) serverErrors[field] = detail;
      else if (/^actions\.\d+\.(buttonTitle|url)$/.test(path)) buttonErrors[path] = detail;
      else if (/^body\.blocks\.\d+\.image/.test(path)) heroError = detail;
      else formError = `${path}: ${detail}`;
    }
    if (Object.keys(save.error.fieldErrors()).length === 0) formError = save.error.message;
  } else if (save.error) formError = save.error.message;
  const errorOf = (field: keyof Values) => clientErrors[field] ?? serverErrors[field];

  const set = (field: keyof Values) => (value: string) => {
    setSaved(false);
    setValues((v) => ({ ...v, [field]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = check(values);
    setClientErrors(errors);
    if (Object.keys(errors).length === 0) save.mutate(inputOf(values, page.data, buttons, hero));
  };

  if (pageId !== undefined && page.isPending) return null;
  const current = page.data;
  return (
    <Stack maw={900}>
      <Group justify="space-between">
        <Title order={2} className="cell-wrap">
          {pageId === undefined ? 'New page' : `${editable ? 'Edit' : 'Page:'} ${current?.name ?? 'page'}`}
        </Title>
        {current ? (
          <Group gap="xs">
            <Badge color="gray.7">{current.status}</Badge>
            {current.deletedAt ? <Badge color="red.9">deleted</Badge> : null}
            <Button
              component={Link}
              to={`/t/${tenant}/pages/${current.pageId}/experiments`}
              variant="default"
              size="xs"
            >
              Experiments
            </Button>
          </Group>
        ) : null}
      </Group>
      <QueryError error={page.error ?? lifecycle.error} />
      {formError ? (
        <Alert variant="outline" color="red.9" role="alert" title="Not saved">
          {formError}
        </Alert>
      ) : null}
      {saved && !save.isPending ? (
        <Alert variant="outline" color="teal.9" role="status">
          Saved.
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!editable} className="plain-fieldset">
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Name"
                required
                value={values.name}
                error={errorOf('name')}
                onChange={(e) => set('name')(e.currentTarget.value)}
              />
              <TextInput
                label="Brand"
                required
                value={values.brandId}
                error={errorOf('brandId')}
                onChange={(e) => set('brandId')(e.currentTarget.value)}
              />
              <TextInput
                label="Title"
                required
                value={values.title}
                error={errorOf('title')}
                onChange={(e) => set('title')(e.currentTarget.value)}
              />
              <TextInput
                label="Slug"
                description="It's part of the public URL; lowercase words joined by hyphens"
                value={values.slug}
                error={errorOf('slug')}
                onChange={(e) => set('slug')(e.currentTarget.value)}
              />
              <Select
                label="Page type"
                data={[...PAGE_TYPES]}
                value={values.pageType}
                allowDeselect={false}
                onChange={(v) => v && set('pageType')(v)}
              />
            </SimpleGrid>
            <TextInput
              label="Headline"
              value={values.headline}
              error={errorOf('headline')}
              onChange={(e) => set('headline')(e.currentTarget.value)}
            />
            <Textarea
              label="Subheadline"
              autosize
              minRows={2}
              value={values.subheadline}
              error={errorOf('subheadline')}
              onChange={(e) => set('subheadline')(e.currentTarget.value)}
            />
            {hero !== null ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <UploadField
                  tenant={tenant}
                  label="Hero image"
                  description="Beside the headline; a new one replaces the hero's image"
                  value={hero.fileId}
                  disabled={!editable}
                  onChange={(fileId, file) => {
                    setSaved(false);
                    setHero((h) => ({
                      alt: h?.alt ?? '',
                      fileId,
                      width: file?.width ?? undefined,
                      height: file?.height ?? undefined,
                      touched: true,
                    }));
                  }}
                  error={heroError}
                />
                <TextInput
                  label="Hero image description"
                  description="What the image shows, for those who cannot see it"
                  maxLength={300}
                  value={hero.alt}
                  onChange={(e) => {
                    const alt = e.currentTarget.value;
                    setSaved(false);
                    setHero((h) => (h === null ? h : { ...h, alt, touched: true }));
                  }}
                />
              </SimpleGrid>
            ) : null}
            <ButtonsField
              rows={buttons}
              errors={buttonErrors}
              onChange={(rows) => {
                setSaved(false);
                setButtons(rows);
              }}
            />
            <Textarea
              label="Context for the page agent"
              autosize
              minRows={4}
              value={values.pageContext}
              error={errorOf('pageContext')}
              onChange={(e) => set('pageContext')(e.currentTarget.value)}
            />
            <Group display={editable ? undefined : 'none'}>
              <Button type="submit" loading={save.isPending}>
                {pageId === undefined ? 'Create page' : 'Save'}
              </Button>
              {current && current.status !== 'archived' && !current.deletedAt ? (
                <Button
                  variant="default"
                  onClick={() => lifecycle.mutate('archive')}
                  loading={lifecycle.isPending}
                >
                  Archive
                </Button>
              ) : null}
              {current && (current.status === 'archived' || current.deletedAt) ? (
                <Button
                  variant="default"
                  onClick={() => lifecycle.mutate('restore')}
                  loading={lifecycle.isPending}
                >
                  Restore
                </Button>
              ) : null}
              {current && !current.deletedAt ? (
                <Button
                  color="red.9"
                  variant="outline"
                  onClick={() =>
                    window.confirm(`Delete the page “${current.name}”? It can be restored later.`) &&
                    lifecycle.mutate('delete')
                  }
                >
                  Delete
                </Button>
              ) : null}
            </Group>
          </Stack>
        </fieldset>
      </form>
      {current ? <PageAudiences tenant={tenant} pageId={current.pageId} /> : null}
      {current ? <PageLeads tenant={tenant} pageId={current.pageId} /> : null}
    </Stack>
  );
}
