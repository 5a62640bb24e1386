import { Anchor, Badge, Button, Group, Switch, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, type FormSubmission, submissionsCsvUrl } from '../api';
import { PagedTable } from '../components/PagedTable';
import { QueryError } from '../components/QueryError';
import { SecondLine } from '../components/SecondLine';
import { Section } from '../components/Section';
import { shortTime } from '../components/short-time';
import { usePaged } from '../components/use-paged';
import { queryKeys } from '../query-keys';
import { can, useMe } from '../session';

/**
 * The leads a page's forms captured (docs/forms.md): newest first, tests hidden unless asked for,
 * an editor marks a submission a test (left out of every count), anyone may export the CSV.
 * Every value a visitor typed is shown as text (React escapes it), never as markup.
 */
export function PageLeads({ tenant, pageId }: { tenant: string; pageId: string }) {
  const editable = can(useMe(), 'editor');
  const queryClient = useQueryClient();
  const [includeTests, setIncludeTests] = useState(false);
  const leads = usePaged(queryKeys.leads(tenant, pageId, includeTests), (cursor) =>
    api.listSubmissions(tenant, pageId, includeTests, cursor),
  );
  const mark = useMutation({
    mutationFn: (s: FormSubmission) => api.markSubmission(tenant, s.submissionId, !s.test),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.leads(tenant, pageId) }),
  });

  // Where the lead came from, its checks and the test toggle: in the table and on a phone's card.
  const origin = (s: FormSubmission) =>
    s.audienceId === null ? (
      'The page'
    ) : (
      <Anchor size="sm" component={Link} to={`/t/${tenant}/pages/${pageId}/audiences/${s.audienceId}`}>
        Personal page
      </Anchor>
    );
  const checks = (s: FormSubmission) => (
    <Group gap={4}>
      {s.test ? <Badge color="gray.7">test</Badge> : null}
      {s.proven ? null : (
        <Badge color="gray.7" variant="outline" title="Sent without the proof of work (no JavaScript)">
          unproven
        </Badge>
      )}
      {s.consent?.ticked ? <Badge color="teal.9">consent</Badge> : null}
    </Group>
  );
  const markButton = (s: FormSubmission) => (
    <Button
      size="compact-sm"
      variant="default"
      aria-label={`${s.test ? 'Not a test' : 'Mark as test'}: ${s.email}`}
      onClick={() => mark.mutate(s)}
      loading={mark.isPending && mark.variables?.submissionId === s.submissionId}
    >
      {s.test ? 'Not a test' : 'Mark as test'}
    </Button>
  );
  return (
    <Section
      id="leads-heading"
      title="Leads"
      actions={
        <Group wrap="wrap">
          <Switch
            label="Show tests"
            checked={includeTests}
            onChange={(e) => setIncludeTests(e.currentTarget.checked)}
          />
          <Button component="a" variant="default" href={submissionsCsvUrl(tenant, pageId)} download>
            Export CSV
          </Button>
        </Group>
      }
    >
      <QueryError error={leads.error ?? mark.error} />
      {leads.query.isSuccess && leads.items.length === 0 ? (
        <Text c="dimmed">No lead yet: a visitor who sends the page's form shows here.</Text>
      ) : null}
      {leads.items.length > 0 ? (
        <PagedTable
          paged={leads}
          minWidth={900}
          label="Leads"
          columns={['Lead', 'Company', 'From', 'Received', 'Checks', editable ? 'Actions' : null]}
          card={(s) => ({
            key: s.submissionId,
            title: s.fields.name ?? s.email,
            subtitle: s.fields.name ? s.email : null,
            facts: [
              [
                'Company',
                s.fields.company || s.fields.jobTitle
                  ? [s.fields.company, s.fields.jobTitle].filter(Boolean).join(', ')
                  : null,
              ],
              ['From', origin(s)],
              ['Received', shortTime.format(new Date(s.createdAt))],
              ['Checks', s.test || !s.proven || s.consent?.ticked ? checks(s) : null],
            ],
            actions: editable ? markButton(s) : null,
          })}
          row={(s) => (
            <Table.Tr key={s.submissionId}>
              <Table.Td className="cell-wrap">
                <Text size="sm" fw={600}>
                  {s.fields.name ?? s.email}
                </Text>
                <Text size="sm" c="dimmed">
                  {s.email}
                </Text>
              </Table.Td>
              <Table.Td className="cell-wrap">
                <Text size="sm">{s.fields.company ?? '—'}</Text>
                <SecondLine>{s.fields.jobTitle}</SecondLine>
              </Table.Td>
              <Table.Td className="nowrap">{origin(s)}</Table.Td>
              <Table.Td className="nowrap">{shortTime.format(new Date(s.createdAt))}</Table.Td>
              <Table.Td className="nowrap">{checks(s)}</Table.Td>
              {editable ? <Table.Td>{markButton(s)}</Table.Td> : null}
            </Table.Tr>
          )}
        />
      ) : null}
    </Section>
  );
}
