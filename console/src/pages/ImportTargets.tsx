import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { IMPORT_FIELDS } from '../../../src/domain/import-fields.js';
import { api, type ImportJob, type ImportPreview, importFiles } from '../api';
import { ListTable } from '../components/ListTable';
import { PagedTable } from '../components/PagedTable';
import { QueryError } from '../components/QueryError';
import { SecondLine } from '../components/SecondLine';
import { Section } from '../components/Section';
import { shortTime } from '../components/short-time';
import { usePaged } from '../components/use-paged';
import { queryKeys } from '../query-keys';
import { can, useMe } from '../session';
import { ImportEngagement } from './ImportEngagement';

/**
 * Importing a target list into a page (docs/imports.md): upload → column mapping with a preview of
 * the first rows and of the problems found → go → live status → review and publish in bulk.
 */
export function ImportTargets() {
  const { tenant = '', pageId = '', importId = null } = useParams();
  const navigate = useNavigate();
  const editable = can(useMe(), 'editor');
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const preview = useMutation({
    mutationFn: (next: { file: File; mapping: Record<string, string> }) =>
      api.previewImport(tenant, pageId, next.file, next.mapping),
    onSuccess: (result: ImportPreview) => setMapping(result.mapping),
  });
  const start = useMutation({
    mutationFn: () => api.startImport(tenant, pageId, file!, mapping),
    // The job has its own address: the status, review and engagement can be opened again later.
    onSuccess: (job: ImportJob) => navigate(`/t/${tenant}/pages/${pageId}/imports/${job.importId}`),
  });
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setMapping({});
    if (chosen) preview.mutate({ file: chosen, mapping: {} });
  };
  const remap = (column: string, target: string) => {
    const next = { ...mapping, [column]: target };
    setMapping(next);
    if (file) preview.mutate({ file, mapping: next });
  };
  const shown = preview.data;
  const traitOptions = Object.values(mapping).filter((t) => t.startsWith('trait:'));
  return (
    <Stack component="main" aria-labelledby="import-heading" maw={1100}>
      <Anchor
        component={Link}
        to={importId === null ? `/t/${tenant}/pages/${pageId}` : `/t/${tenant}/pages/${pageId}/import`}
      >
        {importId === null ? '← Back to the page' : "← The page's imports"}
      </Anchor>
      <Title order={1} size="h2" id="import-heading">
        Import a target list
      </Title>
      <Text c="dimmed">
        A CSV or JSON lines file of persons and accounts: every good row gets an audience on this page, queued
        for its first draft. Persons are matched by email, accounts by domain; other columns become traits.
      </Text>
      {importId === null ? (
        <>
          <FileInput
            label="Target list (CSV or JSON lines)"
            placeholder="Choose a file"
            accept=".csv,.jsonl,.ndjson,text/csv"
            value={file}
            onChange={choose}
            disabled={!editable}
            clearable
          />
          <QueryError error={preview.error ?? start.error} />
          {shown ? (
            <>
              <Title order={2} size="h3">
                Column mapping
              </Title>
              <ListTable columns={['Column', 'Becomes']} minWidth={300} label="Column mapping">
                {shown.columns.map((column) => (
                  <Table.Tr key={column}>
                    <Table.Td className="cell-wrap">{column}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Column ${column} becomes`}
                        data={[
                          ...IMPORT_FIELDS,
                          ...new Set([...traitOptions, mapping[column] ?? 'ignore']),
                          'ignore',
                        ]
                          .filter((v, i, all) => all.indexOf(v) === i)
                          .map((v) => ({
                            value: v,
                            label: v.startsWith('trait:') ? `trait ${v.slice(6)}` : v,
                          }))}
                        value={mapping[column] ?? 'ignore'}
                        onChange={(v) => v && remap(column, v)}
                        allowDeselect={false}
                        size="xs"
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
              <Title order={2} size="h3">
                First rows
              </Title>
              <ListTable columns={['Line', ...shown.columns]} minWidth={640} label="First rows" striped>
                {shown.sample.slice(0, 5).map((row) => (
                  <Table.Tr key={row.line}>
                    <Table.Td>{row.line}</Table.Td>
                    {shown.columns.map((c) => (
                      <Table.Td key={c} className="cell-wrap">
                        {row.values[c] ?? ''}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </ListTable>
              <Title order={2} size="h3">
                Problems found
              </Title>
              <Text>
                {shown.rowsGood} of {shown.rowsTotal} rows are good; {shown.rejectsTotal} problem
                {shown.rejectsTotal === 1 ? '' : 's'} (bad rows are skipped, never the good ones).
              </Text>
              {shown.rejects.length > 0 ? (
                <RejectsTable rejects={shown.rejects} label="Problems found" />
              ) : null}
              <Group>
                <Button
                  onClick={() => start.mutate()}
                  loading={start.isPending}
                  disabled={shown.rowsGood === 0}
                >
                  Import {shown.rowsGood} rows
                </Button>
              </Group>
            </>
          ) : null}
          <EarlierImports tenant={tenant} pageId={pageId} />
        </>
      ) : (
        <ImportStatus tenant={tenant} importId={importId} />
      )}
    </Stack>
  );
}

/** A job's status badge: the console's colours, white text on each at the contrast WCAG AA asks. */
const STATUS_COLORS: Record<ImportJob['status'], string> = {
  running: 'blue.9',
  done: 'teal.9',
  cancelled: 'gray.7',
  failed: 'red.9',
};

/** The page's imports, newest first: each opens its status, review and engagement again. */
function EarlierImports({ tenant, pageId }: { tenant: string; pageId: string }) {
  const imports = usePaged(queryKeys.pageImports(tenant, pageId), (cursor) =>
    api.listImports(tenant, pageId, cursor),
  );
  if (imports.items.length === 0) return <QueryError error={imports.error} />;
  return (
    <Section id="earlier-imports-heading" title="Imports of this page" mt="md">
      <QueryError error={imports.error} />
      <PagedTable
        paged={imports}
        minWidth={560}
        label="Imports of this page"
        columns={['File', 'Started', 'Status', 'Rows', 'Audiences created']}
        row={(job) => (
          <Table.Tr key={job.importId}>
            <Table.Td className="cell-wrap">
              <Anchor component={Link} to={`/t/${tenant}/pages/${pageId}/imports/${job.importId}`}>
                {job.fileName ?? job.importId}
              </Anchor>
            </Table.Td>
            <Table.Td className="nowrap">{shortTime.format(new Date(job.createdAt))}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLORS[job.status]}>{job.status}</Badge>
            </Table.Td>
            <Table.Td>{job.rowsRead}</Table.Td>
            <Table.Td>{job.audiencesCreated}</Table.Td>
          </Table.Tr>
        )}
      />
    </Section>
  );
}

function RejectsTable({
  rejects,
  label,
}: {
  rejects: { line: number; column: string; reason: string }[];
  label: string;
}) {
  return (
    <ListTable columns={['Line', 'Column', 'Reason']} minWidth={480} label={label}>
      {rejects.map((r) => (
        <Table.Tr key={`${r.line}-${r.column}`}>
          <Table.Td>{r.line}</Table.Td>
          <Table.Td className="cell-wrap">{r.column || '—'}</Table.Td>
          <Table.Td className="cell-wrap">{r.reason}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/**
 * At most one read of the job per this long from its events: on SQLite a job announces every batch
 * of 25 rows (about ten a second), and a read of a 10,000-line job counts the drafts of every line
 * (about 35 ms of the server's time, in steps).
 */
const EVENT_READ_MS = 1000;

/**
 * Follows a job on the tenant's event stream: an `import.progress` / `import.finished` of this job
 * reads it again, at once if the last read was EVENT_READ_MS ago, else at the end of that time (so
 * the last event is always shown). Returns whether the stream is open; while it is not, the job is
 * polled.
 */
function useImportEvents(tenant: string, importId: string): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const source = new EventSource(api.importEventsUrl(tenant));
    let lastRead = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      pending = undefined;
      lastRead = Date.now();
      void queryClient.invalidateQueries({ queryKey: ['import', tenant, importId] });
    };
    const refresh = (event: MessageEvent<string>) => {
      const body = JSON.parse(event.data) as { data?: { importId?: string } };
      if (body.data?.importId !== importId || pending !== undefined) return;
      pending = setTimeout(read, Math.max(0, lastRead + EVENT_READ_MS - Date.now()));
    };
    source.onopen = () => {
      setOpen(true);
      read();
    };
    source.onerror = () => setOpen(false);
    source.addEventListener('import.progress', refresh);
    source.addEventListener('import.finished', refresh);
    return () => {
      clearTimeout(pending);
      source.close();
    };
  }, [tenant, importId, queryClient]);
  return open;
}

/**
 * The job, live, its rejects and the review list. Rows come on the event stream; the drafts (made
 * by the workers, not announced per import) are polled every 3 s while some are queued, and
 * everything every second while the stream is not open.
 */
function ImportStatus({ tenant, importId }: { tenant: string; importId: string }) {
  const queryClient = useQueryClient();
  const publisher = can(useMe(), 'publisher');
  const streaming = useImportEvents(tenant, importId);
  const job = useQuery({
    queryKey: ['import', tenant, importId],
    queryFn: () => api.getImport(tenant, importId),
    refetchInterval: (query) => {
      const data = query.state.data as ImportJob | undefined;
      if (data !== undefined && data.status !== 'running' && data.drafts.queued === 0) return false;
      if (!streaming) return 1000;
      return data !== undefined && data.status === 'running' ? false : 3000;
    },
  });
  const data = job.data;
  const settled = data !== undefined && data.status !== 'running';
  const review = useQuery({
    queryKey: ['import-review', tenant, importId, data?.drafts.done ?? 0],
    queryFn: () => api.reviewImport(tenant, importId),
    enabled: settled,
  });
  const rejects = useQuery({
    queryKey: ['import-rejects', tenant, importId],
    queryFn: () => api.listImportRejects(tenant, importId),
    enabled: settled && (data?.rejects ?? 0) > 0,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const publish = useMutation({
    mutationFn: (body: { audienceIds?: string[]; allGrounded?: boolean }) =>
      api.publishImport(tenant, importId, body),
    onSuccess: () => {
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: ['import-review', tenant, importId] });
    },
  });
  const cancel = useMutation({
    mutationFn: () => api.cancelImport(tenant, importId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['import', tenant, importId] }),
  });
  if (data === undefined) return <QueryError error={job.error} />;
  const files = importFiles(tenant, importId);
  const drafts = data.drafts.done + data.drafts.queued + data.drafts.failed;
  const items = review.data?.items ?? [];
  return (
    <Stack>
      <Title order={2} size="h3">
        Import status
      </Title>
      <Group>
        <Badge color={STATUS_COLORS[data.status]}>{data.status}</Badge>
        <Text>
          {data.rowsRead} of {data.rowsTotal} rows read
        </Text>
        {data.status === 'running' ? (
          <Button size="compact-sm" variant="default" onClick={() => cancel.mutate()}>
            Cancel
          </Button>
        ) : null}
      </Group>
      <Progress
        value={data.rowsTotal === 0 ? 100 : (100 * data.rowsRead) / data.rowsTotal}
        aria-label="Rows read"
      />
      <Text>
        Persons: {data.personsCreated} created, {data.personsUpdated} updated · Accounts:{' '}
        {data.accountsCreated} created, {data.accountsUpdated} updated · Audiences created:{' '}
        {data.audiencesCreated} · Unchanged rows: {data.rowsUnchanged} · Rejected rows: {data.rejects}
      </Text>
      <Text>
        Drafts: {data.drafts.done} done, {data.drafts.queued} queued, {data.drafts.failed} failed
        {data.draftsRequeued > 0
          ? ` · ${data.draftsRequeued} existing audience${data.draftsRequeued === 1 ? '' : 's'} re-drafted (a row changed their traits)`
          : ''}
      </Text>
      <Progress
        value={drafts === 0 ? 0 : (100 * data.drafts.done) / drafts}
        color="green.8"
        aria-label="Drafts done"
      />
      <Group>
        {data.rejects > 0 ? (
          <Anchor href={files.rejects} download>
            Download the rejects (CSV)
          </Anchor>
        ) : null}
        <Anchor href={files.urls} download>
          Export the public URLs (CSV)
        </Anchor>
      </Group>
      <QueryError error={review.error ?? publish.error ?? cancel.error} />
      {rejects.data && rejects.data.items.length > 0 ? (
        <RejectsTable rejects={rejects.data.items.slice(0, 50)} label="Rejected rows" />
      ) : null}
      {publish.data ? (
        <Alert color="green" title="Published">
          {publish.data.published.length} published
          {publish.data.skipped.length > 0 ? `, ${publish.data.skipped.length} skipped` : ''}.
        </Alert>
      ) : null}
      {settled ? <ImportEngagement tenant={tenant} pageId={data.pageId} importId={importId} /> : null}
      {items.length > 0 ? (
        <>
          <Title order={2} size="h3">
            Review
          </Title>
          {publisher ? (
            <Group>
              <Button
                disabled={selected.length === 0}
                onClick={() => publish.mutate({ audienceIds: selected })}
                loading={publish.isPending}
              >
                Publish selected ({selected.length})
              </Button>
              <Button variant="default" onClick={() => publish.mutate({ allGrounded: true })}>
                Publish all that passed the grounding check
              </Button>
            </Group>
          ) : null}
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label="Review">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox
                      aria-label="Select every draft"
                      checked={
                        selected.length > 0 &&
                        selected.length === items.filter((i) => i.versionStatus === 'draft').length
                      }
                      onChange={(e) =>
                        setSelected(
                          e.currentTarget.checked
                            ? items.filter((i) => i.versionStatus === 'draft').map((i) => i.audienceId)
                            : [],
                        )
                      }
                    />
                  </Table.Th>
                  <Table.Th miw={160}>Person</Table.Th>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Draft</Table.Th>
                  <Table.Th>Agent's reasoning</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.audienceId}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${item.personName ?? item.accountName ?? item.audienceId}`}
                        disabled={item.versionStatus !== 'draft'}
                        checked={selected.includes(item.audienceId)}
                        onChange={(e) => {
                          // Read now: React clears currentTarget after the handler, and the
                          // updater may run later (a refetch's render pending), which lost the tick.
                          const checked = e.currentTarget.checked;
                          setSelected((s) =>
                            checked ? [...s, item.audienceId] : s.filter((id) => id !== item.audienceId),
                          );
                        }}
                      />
                    </Table.Td>
                    <Table.Td className="cell-wrap">
                      <Anchor
                        component={Link}
                        to={`/t/${tenant}/pages/${data.pageId}/audiences/${item.audienceId}`}
                      >
                        {item.personName ?? item.accountName ?? item.audienceId}
                      </Anchor>
                      <SecondLine>{item.email}</SecondLine>
                    </Table.Td>
                    <Table.Td className="cell-wrap">{item.accountName ?? '—'}</Table.Td>
                    <Table.Td className="nowrap">
                      <Badge color="gray.7">{item.versionStatus ?? '—'}</Badge>
                      {item.grounded === false ? (
                        <Badge color="red.9" ml="xs">
                          not grounded
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td className="cell-wrap">
                      <Text size="sm" lineClamp={3}>
                        {item.reasoning ?? item.reply ?? ''}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : null}
    </Stack>
  );
}
