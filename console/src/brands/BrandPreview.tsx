import { Box, Group, Image, Text } from '@mantine/core';
import { FONT_STACKS, fileSrc } from '../api';
import type { BrandValues } from './BrandForm';

const HEX = /^#[0-9a-fA-F]{6}$/;
const or = (value: string, fallback: string) => (HEX.test(value) ? value : fallback);

/**
 * A swatch of the brand as a page would draw it: its background, a heading and text in its font
 * and colour, an accent link and a primary button with its radius. It follows the form as it is
 * typed; whether the colours pass WCAG is the server's check at save.
 */
export function BrandPreview({ values }: { values: BrandValues }) {
  const background = or(values.colors.background, '#ffffff');
  const primary = or(values.colors.primary, '#1d4ed8');
  const font =
    values.fontKind === 'file' && values.family.trim()
      ? `"${values.family.trim()}", ${FONT_STACKS[values.stack]}`
      : FONT_STACKS[values.stack];
  return (
    <Box
      role="img"
      aria-label="Preview of the brand"
      p="md"
      style={{
        background,
        color: or(values.colors.text, '#111827'),
        fontFamily: font,
        border: `2px solid ${or(values.colors.accent, '#0e7490')}`,
        borderRadius: 8,
      }}
      data-testid="brand-preview"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        {values.logoFileId ? (
          <Image src={fileSrc(values.logoFileId)} alt="" h={32} w="auto" maw={160} fit="contain" />
        ) : (
          <Text fw={700} style={{ fontFamily: font }}>
            {values.name || 'Your brand'}
          </Text>
        )}
        <span style={{ color: or(values.colors.accent, '#0e7490'), textDecoration: 'underline' }}>
          A link
        </span>
      </Group>
      <Text fz={22} fw={700} mt="sm" style={{ fontFamily: font, color: 'inherit' }}>
        Close your books in two days, not ten
      </Text>
      <Text size="sm" mt={4} style={{ fontFamily: font, color: 'inherit' }}>
        Body text as a page shows it.
      </Text>
      <Box
        component="span"
        mt="sm"
        style={{
          display: 'inline-block',
          background: primary,
          color: or(values.colors.primaryText, '#ffffff'),
          borderRadius: Math.min(Number(values.buttonRadius) || 0, 999),
          padding: '8px 16px',
          fontWeight: 600,
          fontFamily: font,
        }}
      >
        Book a demo
      </Box>
    </Box>
  );
}
