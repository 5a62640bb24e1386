import { Badge, Box, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { EngagementCounts, Version } from '../../api';
import { ListTable } from '../../components/ListTable';
import { EngagementSummary } from './Engagement';

export type VersionVerb = 'publish' | 'cancel' | 'restore';

const DRAFTING = new Set(['pending', 'queued', 'processing']);
export const isDrafting = (v: Version) => DRAFTING.has(v.status);

/** "openai gpt-4o-mini · 1,204 in / 310 out tokens · $0.0004", "builtin · no model, no cost". */
export function agentUsageText(usage: NonNullable<Version['agentUsage']>): string {
  if (usage.calls === 0 && usage.model === null) return `${usage.agent} agent · no model, no cost`;
  const n = (x: number) => x.toLocaleString('en-US');
  const cost = usage.costUsd === null ? 'cost unpriced' : `$${usage.costUsd.toFixed(4)}`;
  return `${usage.agent}${usage.model ? ` ${usage.model}` : ''} · ${n(usage.inputTokens)} in / ${n(usage.outputTokens)} out tokens · ${cost}`;
}

/**
 * The audience's versions, newest first: choose one for the preview, and (publishers) publish a
 * draft, cancel one that waits for the agent, or restore any version with content as a new draft.
 */
export function Versions({
  versions,
  selected,
  onSelect,
  canPublish,
  onAction,
  busy,
  engagement,
}: {
  versions: Version[];
  selected: string | null;
  onSelect: (versionId: string) => void;
  canPublish: boolean;
  onAction: (verb: VersionVerb, version: Version) => void;
  busy: boolean;
  /** Views, visitors and clicks per version, when read. */
  engagement?: Map<string, EngagementCounts>;
}) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Versions
      </Title>
      {canPublish ? null : (
        <Text size="sm" c="dimmed">
          Publishing, cancelling and restoring need the publisher role.
        </Text>
      )}
      <ListTable columns={['Version', 'Status', 'Actions']} minWidth={340} label="Versions">
        {versions.map((v) => (
          <Table.Tr key={v.versionId} bg={v.versionId === selected ? 'indigo.0' : undefined}>
            <Table.Td>
              <Button
                variant="subtle"
                size="compact-sm"
                aria-pressed={v.versionId === selected}
                onClick={() => onSelect(v.versionId)}
              >
                Version {v.versionNumber}
              </Button>
              {v.agentUsage ? (
                <Text px={10} size="xs" c="dimmed" data-testid={`agent-usage-${v.versionNumber}`}>
                  {agentUsageText(v.agentUsage)}
                </Text>
              ) : null}
              {engagement ? (
                <Box px={10}>
                  <EngagementSummary counts={engagement.get(v.versionId)} />
                </Box>
              ) : null}
            </Table.Td>
            <Table.Td>
              {/* The whole word: the table scrolls before a status is cut. */}
              <Badge color={v.status === 'published' ? 'teal.9' : 'gray.7'} miw="max-content">
                {v.status}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {v.status === 'draft' ? (
                  <Button
                    size="compact-sm"
                    disabled={!canPublish || busy}
                    title={canPublish ? undefined : 'Publishing needs the publisher role'}
                    aria-label={`Publish version ${v.versionNumber}`}
                    onClick={() => onAction('publish', v)}
                  >
                    Publish
                  </Button>
                ) : null}
                {canPublish && (v.status === 'pending' || v.status === 'queued') ? (
                  <Button
                    size="compact-sm"
                    variant="default"
                    disabled={busy}
                    aria-label={`Cancel version ${v.versionNumber}`}
                    onClick={() => onAction('cancel', v)}
                  >
                    Cancel
                  </Button>
                ) : null}
                {canPublish && v.content !== null ? (
                  <Button
                    size="compact-sm"
                    variant="default"
                    disabled={busy}
                    aria-label={`Restore version ${v.versionNumber}`}
                    onClick={() => onAction('restore', v)}
                  >
                    Restore
                  </Button>
                ) : null}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </Stack>
  );
}
