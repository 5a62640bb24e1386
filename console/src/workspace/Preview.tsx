import { Box, Group, SegmentedControl, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Version } from '../api';

/**
 * The live preview: the version's signed preview link, served by the hosted-page renderer (the
 * same one visitors get; no second renderer), in an iframe at a desktop or phone width. The link
 * is opened on this origin (the console and the hosted pages are one server), which is the only
 * origin a preview may be framed by.
 */
export function Preview({ tenant, version }: { tenant: string; version: Version | undefined }) {
  const [width, setWidth] = useState('desktop');
  const hasContent = version?.content != null;
  const link = useQuery({
    queryKey: ['preview', tenant, version?.versionId],
    queryFn: () => api.previewOf(tenant, version?.versionId as string),
    enabled: hasContent,
    staleTime: 30 * 60_000,
  });
  const src = link.data ? sameOrigin(link.data.previewUrl) : null;
  return (
    <Box>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">
          Preview{version ? ` of version ${version.versionNumber}` : ''}
        </Title>
        <SegmentedControl
          aria-label="Preview width"
          value={width}
          onChange={setWidth}
          data={[
            { value: 'desktop', label: 'Desktop' },
            { value: 'phone', label: 'Phone' },
          ]}
        />
      </Group>
      <Box
        className="preview-frame"
        style={{ maxWidth: width === 'phone' ? 390 : '100%', marginInline: 'auto' }}
      >
        {src ? (
          <iframe
            key={src}
            title={`Preview of version ${version?.versionNumber}`}
            src={src}
            // The preview runs no scripts; same-origin keeps its framing rule ('self') satisfied.
            sandbox="allow-same-origin"
            style={{ width: '100%', height: 560, border: 0, display: 'block' }}
          />
        ) : (
          <Text p="md" c="dimmed" role="status">
            {version === undefined
              ? 'No version yet.'
              : hasContent
                ? 'Loading the preview…'
                : `Version ${version.versionNumber} is ${version.status}: the page agent is drafting it.`}
          </Text>
        )}
      </Box>
    </Box>
  );
}

function sameOrigin(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
}
