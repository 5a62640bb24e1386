import { Anchor, Badge, Button, CopyButton, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { PageBlock } from '../../../../src/domain/page-blocks.js';
import { api, type Version } from '../../api';
import { QueryError } from '../../components/QueryError';
import { usePaged } from '../../components/use-paged';
import { queryKeys } from '../../query-keys';
import { can, useMe } from '../../session';
import { Conversation } from './Conversation';
import { usePageEngagement } from './Engagement';
import { Preview } from './Preview';
import type { SelectedElement } from './selected-element';
import { useAudienceEvents } from './use-audience-events';
import { VersionDiff } from './VersionDiff';
import { isDrafting, Versions, type VersionVerb } from './Versions';

/**
 * An audience's workspace: the conversation with the page agent beside the live preview of the
 * selected version, the versions with publish, cancel and restore, a field-level diff, and the
 * public URL. It follows the tenant's event stream; while the stream is not open it polls every
 * second as long as a version is being drafted.
 */
export function AudienceWorkspace() {
  const { tenant = '', pageId = '', audienceId = '' } = useParams();
  const me = useMe();
  const queryClient = useQueryClient();
  const live = useAudienceEvents(tenant, audienceId);
  const audience = useQuery({
    queryKey: queryKeys.audience(tenant, audienceId),
    queryFn: () => api.getAudience(tenant, audienceId),
  });
  // The page's blocks, for the diff of block texts and of the blocks shown.
  const page = useQuery({
    queryKey: queryKeys.page(tenant, pageId),
    queryFn: () => api.getPage(tenant, pageId),
  });
  const versions = useQuery({
    queryKey: queryKeys.versions(tenant, audienceId),
    queryFn: () => api.listVersions(tenant, audienceId),
    refetchInterval: (q) => (!live && q.state.data?.items.some(isDrafting) ? 1000 : false),
  });
  const drafting = versions.data?.items.some(isDrafting) ?? false;
  // Pages from the newest back; a refetch reads every loaded page again, so no message goes missing.
  const conversation = usePaged(
    queryKeys.conversation(tenant, audienceId),
    (cursor) => api.listConversation(tenant, audienceId, cursor),
    { refetchInterval: !live && drafting ? 1000 : false },
  );
  const messages = [...conversation.pages].reverse().flatMap((p) => p.items);
  const list = versions.data?.items ?? [];
  const engagement = usePageEngagement(tenant, pageId);
  const perVersion = new Map(
    (engagement.data?.items ?? [])
      .filter((c) => c.audienceId === audienceId && c.versionId !== null)
      .map((c) => [c.versionId as string, c]),
  );

  // The preview follows the newest version until the operator picks one.
  const [picked, setPicked] = useState<string | null>(null);
  // The preview element the next message is about, picked in the preview (editors).
  const [about, setAbout] = useState<SelectedElement | null>(null);
  // A version cancelled without content (an answer that changed nothing, a cancelled request) has
  // nothing to show: the preview stays on the newest one that has, or is being drafted.
  const newest = list.find((v) => v.content !== null || isDrafting(v)) ?? list[0];
  const selected = list.find((v) => v.versionId === picked) ?? newest;
  // The diff compares the two newest versions with content until the operator picks others.
  const [diff, setDiff] = useState<{ from: string | null; to: string | null } | null>(null);
  const withContent = list.filter((v) => v.content !== null);
  const from = diff?.from ?? withContent[1]?.versionId ?? null;
  const to = diff?.to ?? withContent[0]?.versionId ?? null;

  const act = useMutation({
    mutationFn: ({ verb, version }: { verb: VersionVerb; version: Version }) =>
      api.versionAction(tenant, version.versionId, verb),
    onSuccess: () => {
      // A new version (a restore) or a new status: the preview follows the newest again.
      setPicked(null);
      for (const queryKey of queryKeys.audienceViews(tenant)) queryClient.invalidateQueries({ queryKey });
    },
  });

  const current = audience.data;
  const canWrite = can(me, 'editor') && current?.archivedAt == null;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Anchor component={Link} to={`/t/${tenant}/pages/${pageId}`} size="sm">
            ← Page
          </Anchor>
          <Title order={2} className="cell-wrap">
            {current?.effectiveName ?? 'Audience'}
          </Title>
        </Stack>
        {current ? (
          <Group gap="xs">
            <Badge color="gray.7">{current.archivedAt ? 'archived' : current.status}</Badge>
            <Badge color={current.publishedVersion ? 'teal.9' : 'gray.7'}>
              {current.publishedVersion
                ? `version ${current.publishedVersion.versionNumber} published`
                : 'not published'}
            </Badge>
          </Group>
        ) : null}
      </Group>
      <QueryError error={audience.error ?? versions.error ?? conversation.error} />
      <QueryError error={act.error} title="Not done" />
      {current?.publicUrl ? (
        <Paper withBorder p="xs">
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm" className="cell-wrap" style={{ flex: 1, minWidth: 0 }}>
              Public URL: <Anchor href={current.publicUrl}>{current.publicUrl}</Anchor>
            </Text>
            <CopyButton value={current.publicUrl}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="default" onClick={copy} style={{ flexShrink: 0 }}>
                  {copied ? 'Copied' : 'Copy URL'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Paper>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Conversation
              tenant={tenant}
              pageId={pageId}
              audienceId={audienceId}
              messages={messages}
              hasOlder={conversation.hasMore}
              loadingOlder={conversation.loadingMore}
              onLoadOlder={() => conversation.more()}
              canWrite={canWrite}
              working={drafting}
              onSent={() => setPicked(null)}
              about={about}
              onClearAbout={() => setAbout(null)}
            />
            <Versions
              versions={list}
              selected={selected?.versionId ?? null}
              onSelect={setPicked}
              canPublish={can(me, 'publisher')}
              onAction={(verb, version) => act.mutate({ verb, version })}
              busy={act.isPending}
              engagement={perVersion}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Preview
              tenant={tenant}
              version={selected}
              picked={about?.path ?? null}
              onPick={canWrite ? setAbout : undefined}
            />
            <VersionDiff
              versions={list}
              blocks={(page.data?.body?.blocks ?? []) as PageBlock[]}
              from={from}
              to={to}
              onChange={(f, t) => setDiff({ from: f, to: t })}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
