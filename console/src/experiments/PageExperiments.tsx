import {
  Anchor,
  Badge,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiProblem, api } from '../api';
import type { ExperimentInput } from '../api/experiments';
import { ListTable } from '../components/ListTable';
import { QueryError } from '../components/QueryError';
import { RowCards, usePhone } from '../components/RowCards';
import { TitledForm } from '../components/TitledForm';
import { queryKeys } from '../query-keys';
import { can, useMe } from '../session';

type MetricKind = ExperimentInput['metric']['kind'];
const METRICS: { value: MetricKind; label: string }[] = [
  { value: 'click', label: "A click on one of the page's buttons" },
  { value: 'form', label: 'A form submission on the page' },
  { value: 'activity', label: "An activity on the account's timeline" },
];

/** The split of arms as people say it: "holdout 10 % · personalised 90 %". */
export function splitOf(arms: { key: string; weight: number }[]): string {
  const total = arms.reduce((s, a) => s + a.weight, 0) || 1;
  return arms.map((a) => `${a.key} ${Math.round((a.weight / total) * 1000) / 10} %`).join(' · ');
}

type Experiment = Awaited<ReturnType<typeof api.listExperiments>>['items'][number];

/** What an experiment counts: "activity: meeting-booked within 14 days". */
function metricOf(metric: Experiment['metric']): string {
  return `${metric.kind}${metric.activityType ? `: ${metric.activityType}` : ''}${metric.windowDays ? ` within ${metric.windowDays} days` : ''}`;
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={status === 'running' ? 'blue' : 'dark'}>
      {status}
    </Badge>
  );
}

/**
 * A page's experiments (docs/experiments.md): the list, each linking to its results, and (publisher)
 * a new holdout: the page's generic content for `holdout %` of the units against the audience's
 * personalised version, measured by a click, a form or an activity on the account's timeline.
 */
export function PageExperiments() {
  const { tenant = '', pageId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const publisher = can(useMe(), 'publisher');
  const phone = usePhone();
  const page = useQuery({
    queryKey: queryKeys.page(tenant, pageId),
    queryFn: () => api.getPage(tenant, pageId),
  });
  const list = useQuery({
    queryKey: queryKeys.pageExperiments(tenant, pageId),
    queryFn: () => api.listExperiments(tenant, pageId),
  });
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: '',
      holdoutPercent: 10 as number | string,
      metric: 'click' as MetricKind,
      activityType: '',
      windowDays: '' as number | string,
    },
    validate: {
      name: (v) => (v.trim() ? null : 'Name the experiment'),
      holdoutPercent: (v) =>
        typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 99
          ? null
          : 'A whole number from 1 to 99',
      activityType: (v, values) =>
        values.metric !== 'activity' || v.trim() ? null : 'Name the activity type, e.g. meeting-booked',
    },
  });
  const create = useMutation({
    mutationFn: (values: typeof form.values) => {
      const holdout = Number(values.holdoutPercent);
      return api.createExperiment(tenant, pageId, {
        name: values.name.trim(),
        arms: [
          { key: 'holdout', kind: 'generic', weight: holdout },
          { key: 'personalised', kind: 'personalised', weight: 100 - holdout },
        ],
        metric: {
          kind: values.metric,
          ...(values.metric === 'activity' ? { activityType: values.activityType.trim() } : {}),
          ...(values.windowDays === '' ? {} : { windowDays: Number(values.windowDays) }),
        },
      });
    },
    onSuccess: () => {
      form.reset();
      queryClient.invalidateQueries({ queryKey: queryKeys.pageExperiments(tenant, pageId) });
    },
  });
  // The server names the field of a refused value: shown under it.
  const fieldErrors = create.error instanceof ApiProblem ? create.error.fieldErrors() : {};
  const serverError = (path: string) => fieldErrors[path];
  const items = list.data?.items ?? [];
  const running = items.find((e) => e.status === 'running');

  return (
    <Stack maw={1000}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} className="cell-wrap">
          Experiments{page.data ? `: ${page.data.name}` : ''}
        </Title>
        <Button variant="default" onClick={() => navigate(`/t/${tenant}/pages/${pageId}`)}>
          Back to the page
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        An experiment splits the visits to the page's audiences between the page's generic content (the
        holdout) and each audience's personalised version, by account, and measures the lift.
      </Text>
      <QueryError error={page.error ?? list.error} />
      {/* A table from `sm` up; on a phone each experiment is a card, its split and metric in full. */}
      {phone ? (
        <RowCards
          items={items}
          label="Experiments of the page"
          empty={list.isSuccess ? 'No experiment yet.' : null}
          card={(e) => ({
            key: e.experimentId,
            title: e.name,
            to: `/t/${tenant}/experiments/${e.experimentId}`,
            badge: <StatusBadge status={e.status} />,
            facts: [
              ['Split', splitOf(e.arms)],
              ['Metric', metricOf(e.metric)],
              ['Phase', String(e.phase)],
            ],
          })}
        />
      ) : (
        <ListTable
          columns={['Name', 'Status', 'Phase', 'Split', 'Metric']}
          minWidth={640}
          striped
          label="Experiments of the page"
        >
          {items.length === 0 && list.isSuccess ? (
            <Table.Tr>
              <Table.Td colSpan={5}>No experiment yet.</Table.Td>
            </Table.Tr>
          ) : null}
          {items.map((e) => (
            <Table.Tr key={e.experimentId}>
              <Table.Td className="cell-wrap">
                <Anchor component={Link} to={`/t/${tenant}/experiments/${e.experimentId}`}>
                  {e.name}
                </Anchor>
              </Table.Td>
              <Table.Td miw={100}>
                <StatusBadge status={e.status} />
              </Table.Td>
              <Table.Td>{e.phase}</Table.Td>
              <Table.Td className="cell-wrap">{splitOf(e.arms)}</Table.Td>
              <Table.Td className="cell-wrap">{metricOf(e.metric)}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {publisher && running ? (
        <Text size="sm">
          “{running.name}” is running: stop it on its screen before starting another on this page.
        </Text>
      ) : null}
      {publisher && list.isSuccess && !running ? (
        <TitledForm
          id="new-experiment"
          title="New holdout experiment"
          onSubmit={form.onSubmit((values) => create.mutate(values))}
          noValidate
        >
          <QueryError
            error={Object.keys(fieldErrors).length === 0 ? create.error : null}
            title="Not created"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              required
              maxLength={200}
              {...form.getInputProps('name')}
              error={form.errors.name ?? serverError('name')}
            />
            <NumberInput
              label="Held out (%)"
              description="Units shown the generic page; the others see their personalised version"
              required
              min={1}
              max={99}
              allowDecimal={false}
              clampBehavior="none"
              {...form.getInputProps('holdoutPercent')}
              error={form.errors.holdoutPercent ?? serverError('arms')}
            />
            <Select
              label="Metric"
              data={METRICS}
              allowDeselect={false}
              {...form.getInputProps('metric')}
              error={serverError('metric.kind')}
            />
            {form.values.metric === 'activity' ? (
              <TextInput
                label="Activity type"
                description="A log type on the account's timeline, e.g. meeting-booked"
                required
                maxLength={100}
                {...form.getInputProps('activityType')}
                error={form.errors.activityType ?? serverError('metric.activityType')}
              />
            ) : null}
            <NumberInput
              label="Window (days)"
              description={
                form.values.metric === 'activity'
                  ? 'Counted within this many days of the first exposure (30 if empty)'
                  : 'Counted within this many days of the first exposure (no limit if empty)'
              }
              min={1}
              max={365}
              allowDecimal={false}
              clampBehavior="none"
              {...form.getInputProps('windowDays')}
              error={serverError('metric.windowDays')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={create.isPending}>
              Start experiment
            </Button>
          </Group>
        </TitledForm>
      ) : null}
    </Stack>
  );
}
