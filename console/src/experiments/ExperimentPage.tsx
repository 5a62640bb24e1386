import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  CartesianGrid,
  ErrorBar,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { api } from '../api';
import { ListTable } from '../components/ListTable';
import { QueryError } from '../components/QueryError';
import { RowCards, usePhone } from '../components/RowCards';
import { queryKeys } from '../query-keys';
import { can, useMe } from '../session';
import { ManageExperiment } from './ManageExperiment';

const COLOURS = [
  'var(--mantine-color-gray-6)',
  'var(--mantine-color-blue-6)',
  'var(--mantine-color-teal-6)',
  'var(--mantine-color-grape-6)',
];
const DARK = [
  'var(--mantine-color-dark-9)',
  'var(--mantine-color-blue-9)',
  'var(--mantine-color-teal-9)',
  'var(--mantine-color-grape-9)',
];
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** An experiment's results at a glance: per-arm table, cumulative counts, intervals, chance to beat control. */
export function ExperimentPage() {
  const { tenant = '', experimentId = '' } = useParams();
  const publisher = can(useMe(), 'publisher');
  const phone = usePhone();
  const experiment = useQuery({
    queryKey: queryKeys.experiment(tenant, experimentId),
    queryFn: () => api.getExperiment(tenant, experimentId),
  });
  const results = useQuery({
    queryKey: queryKeys.experimentResults(tenant, experimentId),
    queryFn: () => api.experimentResults(tenant, experimentId),
  });
  if (experiment.error) return <QueryError error={experiment.error} />;
  if (results.error) return <QueryError error={results.error} />;
  if (!experiment.data || !results.data) return <Text c="dimmed">Loading…</Text>;
  const e = experiment.data;
  const r = results.data;
  const keys = r.arms.map((a) => a.key);
  const series = r.daily.map((d) => {
    const row: Record<string, string | number | null> = { date: d.date.slice(5) };
    for (const a of d.arms) {
      row[`${a.key} units`] = a.units;
      row[`${a.key} conversions`] = a.conversions;
      if (a.chanceToBeatControl !== null)
        row[`${a.key} chance`] = Math.round(a.chanceToBeatControl * 1000) / 10;
    }
    return row;
  });
  const intervals = r.arms.map((a, i) => ({
    arm: i,
    key: a.key,
    rate: a.rate * 100,
    error: [(a.rate - a.interval.lower) * 100, (a.interval.upper - a.rate) * 100],
  }));
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{e.name}</Title>
        <Group gap="xs">
          <Badge variant="light" color={e.status === 'running' ? 'blue' : 'dark'}>
            {e.status}
          </Badge>
          <Badge variant="light">phase {r.phase}</Badge>
          <Badge variant="light">
            metric {r.metric.kind}
            {r.metric.activityType ? `: ${r.metric.activityType}` : ''}
          </Badge>
        </Group>
      </Group>
      <Anchor component={Link} to={`/t/${tenant}/pages/${e.pageId}/experiments`} size="sm">
        All experiments of the page
      </Anchor>
      {publisher && e.status === 'running' ? (
        // Keyed by phase: after a new split the form starts from the new phase's arms.
        <ManageExperiment key={e.phase} tenant={tenant} experiment={e} />
      ) : null}
      {r.sampleRatio.mismatch && (
        <Alert color="red" title="Sample ratio mismatch">
          The units do not follow the split (p = {r.sampleRatio.pValue.toPrecision(2)}): the assignment is
          broken, do not trust these results.
        </Alert>
      )}
      {/* A table from `sm` up; on a phone a card per arm, so the chance to beat control is not cut off. */}
      {phone ? (
        <RowCards
          items={r.arms}
          label="Results per arm"
          card={(a) => ({
            key: a.key,
            title: a.key,
            badge: a.control ? <Badge size="xs">control</Badge> : null,
            facts: [
              ['Units', String(a.units)],
              ['Conversions', String(a.conversions)],
              [
                'Rate (95 % interval)',
                `${pct(a.rate)} (${pct(a.interval.lower)} – ${pct(a.interval.upper)})`,
              ],
              ['Chance to beat control', a.chanceToBeatControl === null ? null : pct(a.chanceToBeatControl)],
              ['Expected loss', a.expectedLoss === null ? null : pct(a.expectedLoss)],
              ['Sequential test', a.sequential === null ? null : a.sequential.verdict],
            ],
          })}
        />
      ) : (
        <ListTable
          columns={[
            'Arm',
            'Units',
            'Conversions',
            'Rate (95 % interval)',
            'Chance to beat control',
            'Expected loss',
            'Sequential test',
          ]}
          minWidth={640}
          striped
          label="Results per arm"
        >
          {r.arms.map((a) => (
            <Table.Tr key={a.key}>
              <Table.Td>
                {a.key} {a.control && <Badge size="xs">control</Badge>}
              </Table.Td>
              <Table.Td>{a.units}</Table.Td>
              <Table.Td>{a.conversions}</Table.Td>
              <Table.Td>
                {pct(a.rate)} ({pct(a.interval.lower)} – {pct(a.interval.upper)})
              </Table.Td>
              <Table.Td>{a.chanceToBeatControl === null ? '—' : pct(a.chanceToBeatControl)}</Table.Td>
              <Table.Td>{a.expectedLoss === null ? '—' : pct(a.expectedLoss)}</Table.Td>
              <Table.Td>{a.sequential === null ? '—' : a.sequential.verdict}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="sm" aria-label="Cumulative units and conversions">
          <Text fw={600} mb="xs">
            Cumulative units and conversions
          </Text>
          <ResponsiveContainer width="100%" height={260}>
            <LineChart data={series}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="date" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend />
              {keys.flatMap((k, i) => [
                <Line
                  key={`${k}u`}
                  dataKey={`${k} units`}
                  stroke={COLOURS[i]}
                  dot={false}
                  isAnimationActive={false}
                />,
                <Line
                  key={`${k}c`}
                  dataKey={`${k} conversions`}
                  stroke={DARK[i]}
                  strokeWidth={3}
                  isAnimationActive={false}
                  dot={false}
                />,
              ])}
            </LineChart>
          </ResponsiveContainer>
        </Paper>
        <Paper withBorder p="sm" aria-label="Conversion rate with its interval">
          <Text fw={600} mb="xs">
            Conversion rate per arm, 95 % interval
          </Text>
          <ResponsiveContainer width="100%" height={260}>
            <ScatterChart>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis
                type="number"
                dataKey="arm"
                domain={[-0.5, keys.length - 0.5]}
                ticks={keys.map((_, i) => i)}
                tickFormatter={(i: number) => keys[i] ?? ''}
              />
              <YAxis type="number" dataKey="rate" unit=" %" />
              <Tooltip />
              <Scatter data={intervals} fill={COLOURS[1]} isAnimationActive={false}>
                <ErrorBar dataKey="error" width={8} strokeWidth={2} direction="y" isAnimationActive={false} />
              </Scatter>
            </ScatterChart>
          </ResponsiveContainer>
        </Paper>
        <Paper withBorder p="sm" aria-label="Chance to beat control over time">
          <Text fw={600} mb="xs">
            Chance to beat control over time
          </Text>
          <ResponsiveContainer width="100%" height={260}>
            <LineChart data={series}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="date" />
              <YAxis domain={[0, 100]} unit=" %" />
              <Tooltip />
              <Legend />
              {keys.slice(1).map((k, i) => (
                <Line
                  key={k}
                  dataKey={`${k} chance`}
                  stroke={COLOURS[i + 1]}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
