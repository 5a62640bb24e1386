import {
  ColorInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiProblem, api, type Brand, type BrandFont, type BrandInput, SYSTEM_FONTS } from '../api';
import { FormDialog } from '../components/Dialog';
import { UploadField } from '../components/UploadField';
import { queryKeys } from '../query-keys';
import { BrandPreview } from './BrandPreview';

type FontStack = (typeof SYSTEM_FONTS)[number];
const HEX = /^#[0-9a-fA-F]{6}$/;
const FONT_LABELS: Record<FontStack, string> = {
  sans: 'Sans-serif (system UI)',
  serif: 'Serif',
  mono: 'Monospace',
  rounded: 'Rounded',
  humanist: 'Humanist sans',
  geometric: 'Geometric sans',
};
const FONT_OPTIONS = SYSTEM_FONTS.map((value) => ({ value, label: FONT_LABELS[value] }));

export interface BrandValues {
  brandId: string;
  name: string;
  logoFileId: string | null;
  faviconFileId: string | null;
  colors: { primary: string; primaryText: string; accent: string; background: string; text: string };
  fontKind: 'system' | 'file';
  stack: FontStack;
  family: string;
  fontFileId: string | null;
  buttonRadius: number | string;
}

const NEW: BrandValues = {
  brandId: '',
  name: '',
  logoFileId: null,
  faviconFileId: null,
  colors: { primary: '#1d4ed8', primaryText: '', accent: '#0e7490', background: '#ffffff', text: '#111827' },
  fontKind: 'system',
  stack: 'sans',
  family: '',
  fontFileId: null,
  buttonRadius: 8,
};

function valuesOf(brand: Brand): BrandValues {
  const font = brand.font;
  return {
    brandId: brand.brandId,
    name: brand.name,
    logoFileId: brand.logoFileId,
    faviconFileId: brand.faviconFileId,
    colors: { ...brand.colors },
    fontKind: font.kind,
    stack: font.kind === 'system' ? font.stack : (font.fallback ?? 'sans'),
    family: font.kind === 'file' ? font.family : '',
    fontFileId: font.kind === 'file' ? font.fileId : null,
    buttonRadius: brand.buttonRadius,
  };
}

export function fontOf(values: BrandValues): BrandFont {
  return values.fontKind === 'file' && values.fontFileId !== null
    ? { kind: 'file', family: values.family.trim(), fileId: values.fontFileId, fallback: values.stack }
    : { kind: 'system', stack: values.stack };
}

/** What a save sends: the colours as a whole set (`primaryText` left out when blank: the server picks). */
function bodyOf(values: BrandValues): BrandInput {
  const { primaryText, ...colors } = values.colors;
  return {
    name: values.name.trim(),
    logoFileId: values.logoFileId,
    faviconFileId: values.faviconFileId,
    colors: primaryText.trim() === '' ? colors : { ...colors, primaryText },
    font: fontOf(values),
    buttonRadius: Number(values.buttonRadius),
  };
}

const COLOR_FIELDS: { key: keyof BrandValues['colors']; label: string; description: string }[] = [
  { key: 'background', label: 'Background', description: "The page's background" },
  { key: 'text', label: 'Text', description: 'Body text, on the background (at least 4.5:1)' },
  { key: 'primary', label: 'Primary', description: 'Buttons and highlights' },
  {
    key: 'primaryText',
    label: 'Button text',
    description: 'On the primary colour (at least 4.5:1); blank: white or near-black, whichever reads better',
  },
  {
    key: 'accent',
    label: 'Accent',
    description: 'Links, borders and icons, on the background (at least 3:1)',
  },
];

/**
 * A new brand, or an existing one's changes (editor): name, logo and favicon (dropped or chosen,
 * uploaded at once), colours, font and button radius, beside a live preview. WCAG contrast is the
 * server's check at save: its 400 names the colour of each failing pair, shown beside that field.
 */
export function BrandForm({
  tenant,
  brand,
  onClose,
}: {
  tenant: string;
  /** null: a new brand. */
  brand: Brand | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<BrandValues>({
    mode: 'controlled',
    initialValues: brand === null ? NEW : valuesOf(brand),
    validate: {
      brandId: (v) =>
        brand === null && v.trim() !== '' && !/^[A-Za-z0-9_-]+$/.test(v.trim())
          ? "Letters, digits, '-' and '_' only"
          : null,
      name: (v) => (v.trim() === '' ? 'A name is required' : null),
      colors: {
        primary: (v) => (HEX.test(v) ? null : 'A colour as #rrggbb'),
        primaryText: (v) => (v === '' || HEX.test(v) ? null : 'A colour as #rrggbb, or blank'),
        accent: (v) => (HEX.test(v) ? null : 'A colour as #rrggbb'),
        background: (v) => (HEX.test(v) ? null : 'A colour as #rrggbb'),
        text: (v) => (HEX.test(v) ? null : 'A colour as #rrggbb'),
      },
      family: (v, values) =>
        values.fontKind === 'file' && !/^[A-Za-z0-9 _-]{1,60}$/.test(v.trim())
          ? 'A family name: letters, digits, spaces, - and _'
          : null,
      fontFileId: (v, values) =>
        values.fontKind === 'file' && v === null ? 'Upload a WOFF2 or WOFF file' : null,
      buttonRadius: (v) =>
        v === '' || !Number.isInteger(Number(v)) || Number(v) < 0 || Number(v) > 999
          ? 'From 0 to 999 pixels'
          : null,
    },
  });
  const save = useMutation({
    mutationFn: (values: BrandValues) =>
      brand === null
        ? api.createBrand(tenant, {
            ...bodyOf(values),
            ...(values.brandId.trim() ? { brandId: values.brandId.trim() } : {}),
          })
        : api.updateBrand(tenant, brand.brandId, bodyOf(values)),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: queryKeys.brands(tenant) });
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiProblem)) return;
      const errors = error.fieldErrors();
      // The font's own members are one field each in the form.
      if (errors['font.family']) errors.family = errors['font.family'];
      if (errors['font.fileId']) errors.fontFileId = errors['font.fileId'];
      form.setErrors(errors);
    },
  });
  const values = form.getValues();
  const apiProblem =
    save.error instanceof ApiProblem && save.error.errors.length > 0 ? null : (save.error as Error | null);
  return (
    <FormDialog
      opened
      onClose={onClose}
      title={brand === null ? 'New brand' : `Edit brand “${brand.name}”`}
      size="xl"
      onSubmit={form.onSubmit((v) => save.mutate(v))}
      noValidate
      error={apiProblem}
      submit="Save brand"
      pending={save.isPending}
    >
      <Group align="start" grow preventGrowOverflow={false} wrap="wrap">
        <TextInput label="Name" required maxLength={200} miw={220} {...form.getInputProps('name')} />
        {brand === null ? (
          <TextInput
            label="Brand id"
            description="What pages name (blank: one is made)"
            maxLength={255}
            miw={220}
            {...form.getInputProps('brandId')}
          />
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <Group align="start" grow preventGrowOverflow={false} wrap="wrap">
            {COLOR_FIELDS.map((field) => (
              <ColorInput
                key={field.key}
                label={field.label}
                description={field.description}
                format="hex"
                withEyeDropper={false}
                miw={200}
                required={field.key !== 'primaryText'}
                {...form.getInputProps(`colors.${field.key}`)}
              />
            ))}
          </Group>
          <SegmentedControl
            aria-label="Font"
            data={[
              { value: 'system', label: 'System font' },
              { value: 'file', label: 'Uploaded font file' },
            ]}
            {...form.getInputProps('fontKind')}
          />
          <Group align="start" grow preventGrowOverflow={false} wrap="wrap">
            <Select
              label={values.fontKind === 'file' ? 'Fallback font' : 'Font'}
              data={FONT_OPTIONS}
              allowDeselect={false}
              miw={200}
              {...form.getInputProps('stack')}
            />
            {values.fontKind === 'file' ? (
              <TextInput label="Font family" maxLength={60} miw={200} {...form.getInputProps('family')} />
            ) : null}
            <NumberInput
              label="Button radius"
              description="Pixels (999: a pill)"
              min={0}
              max={999}
              allowDecimal={false}
              miw={160}
              {...form.getInputProps('buttonRadius')}
            />
          </Group>
          {values.fontKind === 'file' ? (
            <UploadField
              tenant={tenant}
              kind="font"
              label="Font file"
              value={values.fontFileId}
              onChange={(id) => form.setFieldValue('fontFileId', id)}
              error={form.errors.fontFileId as string | undefined}
            />
          ) : null}
        </Stack>
        <Stack gap="sm">
          <BrandPreview values={values} />
          <UploadField
            tenant={tenant}
            label="Logo"
            value={values.logoFileId}
            onChange={(id) => form.setFieldValue('logoFileId', id)}
            error={form.errors.logoFileId as string | undefined}
          />
          <UploadField
            tenant={tenant}
            label="Favicon"
            description="Square, at least 32×32"
            value={values.faviconFileId}
            onChange={(id) => form.setFieldValue('faviconFileId', id)}
            error={form.errors.faviconFileId as string | undefined}
          />
        </Stack>
      </SimpleGrid>
    </FormDialog>
  );
}
