import { Box, Group, SegmentedControl, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api, type Version } from '../../api';
import { queryKeys } from '../../query-keys';
import { enablePicking } from './preview-picking';
import type { SelectedElement } from './selected-element';

/**
 * The live preview: the version's signed preview link, served by the hosted-page renderer (the
 * same one visitors get; no second renderer), in an iframe at a desktop or phone width. The link
 * is opened on this origin (the console and the hosted pages are one server), which is the only
 * origin a preview may be framed by.
 */
export function Preview({
  tenant,
  version,
  picked = null,
  onPick,
}: {
  tenant: string;
  version: Version | undefined;
  /** The element the composer is about (its path), outlined in the preview. */
  picked?: string | null;
  /** Given, the operator can pick an element of the preview to write about (editors). */
  onPick?: (selected: SelectedElement) => void;
}) {
  const [width, setWidth] = useState('desktop');
  const frame = useRef<HTMLIFrameElement>(null);
  const [loadedDoc, setLoadedDoc] = useState<Document | null>(null);
  useEffect(() => {
    if (loadedDoc === null || onPick === undefined) return;
    return enablePicking(loadedDoc, picked, onPick);
  }, [loadedDoc, picked, onPick]);
  const hasContent = version?.content != null;
  const link = useQuery({
    queryKey: queryKeys.preview(tenant, version?.versionId),
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
            ref={frame}
            title={`Preview of version ${version?.versionNumber}`}
            src={src}
            onLoad={() => setLoadedDoc(frame.current?.contentDocument ?? null)}
            // Same-origin keeps the preview's framing rule ('self') satisfied. allow-scripts lets the
            // console's own listeners (element picking) run on the preview's document: a sandbox
            // without it blocks them too. The preview itself still runs no script: its CSP is
            // `script-src 'none'` (src/features/hosted/serve-preview.route.test.ts).
            sandbox="allow-same-origin allow-scripts"
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
      {onPick && src ? (
        <Text size="xs" c="dimmed" mt={4}>
          Click an element of the preview (or reach it with Tab and press Enter) to write to the page agent
          about it.
        </Text>
      ) : null}
    </Box>
  );
}

function sameOrigin(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
}
