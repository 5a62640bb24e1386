import { Anchor, Button, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { api, type ImportEngagementTotals, importFiles } from '../api';
import { PagedTable } from '../components/PagedTable';
import { plural } from '../components/plural';
import { QueryError } from '../components/QueryError';
import { SecondLine } from '../components/SecondLine';
import { Section } from '../components/Section';
import { shortTime } from '../components/short-time';
import { usePaged } from '../components/use-paged';
import { queryKeys } from '../query-keys';

type EngagementPage = Awaited<ReturnType<typeof api.importEngagement>>;

/** One of the three figures: how many of the import's accounts did it, and its audiences and events. */
function Figure({
  label,
  accounts,
  of,
  detail,
}: {
  label: string;
  accounts: number;
  of: number;
  detail: string;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {accounts}{' '}
        <Text span size="sm" c="dimmed" fw={400}>
          of {plural(of, 'account')}
        </Text>
      </Text>
      <Text size="sm">{detail}</Text>
    </Paper>
  );
}

function Totals({ totals }: { totals: ImportEngagementTotals }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" aria-label="Engagement totals" role="group">
      <Figure
        label="Visited"
        accounts={totals.accountsVisited}
        of={totals.accounts}
        detail={`${totals.audiencesVisited} of ${plural(totals.audiences, 'audience')} · ${plural(totals.views, 'view')}`}
      />
      <Figure
        label="Clicked"
        accounts={totals.accountsClicked}
        of={totals.accounts}
        detail={`${plural(totals.audiencesClicked, 'audience')} · ${plural(totals.clicks, 'click')}`}
      />
      <Figure
        label="Submitted a form"
        accounts={totals.accountsSubmitted}
        of={totals.accounts}
        detail={`${plural(totals.audiencesSubmitted, 'audience')} · ${plural(totals.submissions, 'submission')}`}
      />
    </SimpleGrid>
  );
}

/**
 * Which of an import's accounts and persons came to their page (docs/imports.md): the totals, then
 * one row per audience in file order with its views, clicks, form submissions and when it was last
 * seen, and the same as a CSV. Names are shown as text (React escapes them), never as markup.
 */
export function ImportEngagement({
  tenant,
  pageId,
  importId,
}: {
  tenant: string;
  pageId: string;
  importId: string;
}) {
  const engagement = usePaged(queryKeys.importEngagement(tenant, importId), (cursor) =>
    api.importEngagement(tenant, importId, cursor),
  );
  // usePaged types its pages as plain lists; each is the API's whole answer, totals on the first.
  const first = engagement.pages[0] as EngagementPage | undefined;
  const totals = first?.totals ?? null;
  return (
    <Section
      id="import-engagement-heading"
      title="Engagement"
      actions={
        <Button component="a" variant="default" href={importFiles(tenant, importId).engagement} download>
          Export engagement (CSV)
        </Button>
      }
    >
      <Text c="dimmed" size="sm">
        Views, button clicks and form submissions (tests left out) on each imported audience's page.
      </Text>
      <QueryError error={engagement.error} />
      {totals !== null ? <Totals totals={totals} /> : null}
      {engagement.items.length > 0 ? (
        <PagedTable
          paged={engagement}
          minWidth={760}
          label="Engagement"
          columns={['Account', 'Person', 'Views', 'Clicks', 'Submissions', 'Last seen', 'Page']}
          row={(item) => (
            <Table.Tr key={item.audienceId}>
              <Table.Td className="cell-wrap">
                <Anchor
                  size="sm"
                  component={Link}
                  to={`/t/${tenant}/pages/${pageId}/audiences/${item.audienceId}`}
                >
                  {item.accountName ?? item.domain ?? '—'}
                </Anchor>
                <SecondLine>{item.domain}</SecondLine>
              </Table.Td>
              <Table.Td className="cell-wrap">
                <Text size="sm">{item.personName ?? '—'}</Text>
                <SecondLine>{item.email}</SecondLine>
              </Table.Td>
              <Table.Td>{item.views}</Table.Td>
              <Table.Td>{item.clicks}</Table.Td>
              <Table.Td>{item.submissions}</Table.Td>
              <Table.Td className="nowrap">
                {item.lastSeenAt === null ? (
                  <Text size="sm" c="dimmed">
                    never
                  </Text>
                ) : (
                  shortTime.format(new Date(item.lastSeenAt))
                )}
              </Table.Td>
              <Table.Td className="nowrap">
                {item.publicUrl === null || item.archived ? (
                  <Text size="sm" c="dimmed">
                    {item.archived ? 'archived' : '—'}
                  </Text>
                ) : (
                  <Anchor
                    size="sm"
                    href={item.publicUrl}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={`Open the page of ${item.personName ?? item.accountName ?? item.audienceId}`}
                  >
                    Open
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          )}
        />
      ) : null}
    </Section>
  );
}
