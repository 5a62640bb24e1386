import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiProblem, api } from '../api';
import type { ExperimentChange } from '../api/experiments';
import { TitledForm } from '../components/TitledForm';
import { queryKeys } from '../query-keys';
import { splitOf } from './PageExperiments';

interface Experiment {
  experimentId: string;
  name: string;
  status: 'running' | 'stopped';
  arms: { key: string; kind: 'personalised' | 'generic'; weight: number }[];
}

/**
 * A running experiment's changes (publisher): its name (the same phase), the weight of each arm (a
 * new split starts a new phase: units already exposed keep their arm, docs/experiments.md), and stop.
 */
export function ManageExperiment({ tenant, experiment }: { tenant: string; experiment: Experiment }) {
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      name: experiment.name,
      weights: experiment.arms.map((a) => a.weight as number | string),
    },
    validate: {
      name: (v) => (v.trim() ? null : 'Name the experiment'),
      weights: (v) =>
        v.every((w) => typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= 1000) &&
        v.some((w) => Number(w) > 0)
          ? null
          : 'Each weight a whole number from 0 to 1000, one of them above 0',
    },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.experiments(tenant) });
  const change = useMutation({
    mutationFn: (values: typeof form.values) => {
      const body: ExperimentChange = {};
      if (values.name.trim() !== experiment.name) body.name = values.name.trim();
      const weights = values.weights.map(Number);
      if (weights.some((w, i) => w !== experiment.arms[i]!.weight))
        body.arms = experiment.arms.map((a, i) => ({ ...a, weight: weights[i]! }));
      return api.updateExperiment(tenant, experiment.experimentId, body);
    },
    onSuccess: (changed) => {
      form.resetDirty({ name: changed.name, weights: changed.arms.map((a) => a.weight) });
      refresh();
    },
  });
  const stop = useMutation({
    mutationFn: () => api.stopExperiment(tenant, experiment.experimentId),
    onSuccess: refresh,
  });
  const fieldErrors = change.error instanceof ApiProblem ? change.error.fieldErrors() : {};
  const weights = form.values.weights.map(Number);
  const preview = experiment.arms.map((a, i) => ({ key: a.key, weight: weights[i] ?? 0 }));
  return (
    <Paper withBorder p="md">
      <TitledForm
        id="change-experiment"
        title="Change the experiment"
        onSubmit={form.onSubmit((values) => change.mutate(values))}
        noValidate
      >
        <Text size="sm" c="dimmed">
          A new split starts a new phase: units already exposed keep their arm, new units follow the new
          split, and results are read per phase.
        </Text>
        {(change.error && Object.keys(fieldErrors).length === 0) || stop.error ? (
          <Alert variant="outline" color="red.9" role="alert" title="Not changed">
            {(change.error ?? stop.error)?.message}
          </Alert>
        ) : null}
        {change.isSuccess && !form.isDirty() ? (
          <Alert variant="outline" color="teal.9" role="status">
            Saved.
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 1 + experiment.arms.length }}>
          <TextInput
            label="Name"
            required
            maxLength={200}
            {...form.getInputProps('name')}
            error={form.errors.name ?? fieldErrors.name}
          />
          {experiment.arms.map((a, i) => (
            <NumberInput
              key={a.key}
              label={`Weight of ${a.key}`}
              description={a.kind === 'generic' ? 'generic page' : 'personalised version'}
              min={0}
              max={1000}
              allowDecimal={false}
              clampBehavior="none"
              {...form.getInputProps(`weights.${i}`)}
              error={fieldErrors[`arms.${i}.weight`]}
            />
          ))}
        </SimpleGrid>
        {form.errors.weights || fieldErrors.arms ? (
          <Text size="sm" c="red.9" role="alert">
            {form.errors.weights ?? fieldErrors.arms}
          </Text>
        ) : (
          <Text size="sm">New split: {splitOf(preview)}</Text>
        )}
        <Group>
          <Button type="submit" loading={change.isPending} disabled={!form.isDirty()}>
            Save changes
          </Button>
          <Button
            color="red.9"
            variant="outline"
            loading={stop.isPending}
            onClick={() =>
              window.confirm(
                `Stop “${experiment.name}”? Every audience is shown its personalised version again; the results are kept.`,
              ) && stop.mutate()
            }
          >
            Stop experiment
          </Button>
        </Group>
      </TitledForm>
    </Paper>
  );
}
