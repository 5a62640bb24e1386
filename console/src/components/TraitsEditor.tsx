import { ActionIcon, Button, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiProblem, type Traits, type TraitsChange } from '../api';
import { ListTable } from './ListTable';
import { QueryError } from './QueryError';
import {
  type KnownTrait,
  shownValue,
  TRAIT_KEY,
  type TraitValues,
  traitsChange,
  valuesOf,
} from './traits-change';

/**
 * An account's or a person's traits (what the rules of a page's blocks read): the well-known ones
 * as fields, any other key as a row of key and value. An editor saves; a viewer reads them.
 */
export function TraitsEditor({
  traits,
  known,
  editable,
  save,
  onSaved,
  what,
}: {
  traits: Traits;
  known: KnownTrait[];
  editable: boolean;
  save: (change: TraitsChange) => Promise<unknown>;
  onSaved: () => void;
  /** "account" or "person", for the words. */
  what: string;
}) {
  const form = useForm<TraitValues>({
    mode: 'controlled',
    initialValues: valuesOf(traits, known),
    validate: {
      custom: {
        key: (key, values, path) => {
          const index = Number(path.split('.')[1]);
          const row = values.custom[index];
          if (row === undefined || (key.trim() === '' && row.value.trim() === '')) return null;
          if (!TRAIT_KEY.test(key.trim())) return 'A letter, then letters, digits, - or _ (at most 64)';
          if (known.some((k) => k.key === key.trim())) return 'This trait has its own field above';
          if (values.custom.findIndex((r) => r.key.trim() === key.trim()) !== index) return 'Named twice';
          return null;
        },
        value: (value, values, path) => {
          const row = values.custom[Number(path.split('.')[1])];
          return row !== undefined && row.key.trim() !== '' && value.trim() === ''
            ? 'A value is required'
            : null;
        },
      },
    },
  });
  // A save (or another tab's) brings new traits: the form starts again from them.
  const serialised = JSON.stringify(traits);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the traits themselves change
  useEffect(() => {
    const values = valuesOf(traits, known);
    form.setInitialValues(values);
    form.setValues(values);
  }, [serialised]);
  const mutation = useMutation({
    mutationFn: (change: TraitsChange) => save(change),
    onSuccess: onSaved,
    onError: (error) => {
      if (error instanceof ApiProblem) {
        const errors: Record<string, string> = {};
        for (const e of error.errors) {
          const key = e.pointer?.match(/^\/traits\/([^/]+)/)?.[1];
          if (key === undefined) continue;
          const at = known.some((k) => k.key === key)
            ? `known.${key}`
            : `custom.${form.getValues().custom.findIndex((r) => r.key.trim() === key)}.value`;
          errors[at] = e.detail;
        }
        form.setErrors(errors);
      }
    },
  });
  const entries = Object.entries(traits);
  if (!editable) {
    return (
      <Stack gap="xs">
        <Title order={3}>Traits</Title>
        {entries.length === 0 ? (
          <Text size="sm">No traits yet.</Text>
        ) : (
          <ListTable columns={['Trait', 'Value']} minWidth={320} label={`The ${what}'s traits`} striped>
            {entries.map(([key, value]) => (
              <Table.Tr key={key}>
                <Table.Td className="cell-wrap">{key}</Table.Td>
                <Table.Td className="cell-wrap">{shownValue(value)}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Stack>
    );
  }
  const change = traitsChange(traits, form.getValues(), known);
  const unchanged = Object.keys(change).length === 0;
  const problem =
    mutation.error instanceof ApiProblem && mutation.error.errors.length > 0 ? null : mutation.error;
  return (
    <form
      onSubmit={form.onSubmit((values) => mutation.mutate(traitsChange(traits, values, known)))}
      noValidate
      aria-labelledby="traits-title"
    >
      <Stack gap="sm">
        <Title order={3} id="traits-title">
          Traits
        </Title>
        <Text size="sm">
          What the rules of a page's blocks read (a block shown only to one industry, say). Empty a field to
          remove its trait.
        </Text>
        <Group align="start" gap="sm">
          {known.map((k) =>
            k.number ? (
              <NumberInput
                key={k.key}
                label={k.label}
                description={k.description}
                min={0}
                allowDecimal={false}
                w={{ base: '100%', sm: 160 }}
                {...form.getInputProps(`known.${k.key}`)}
              />
            ) : (
              <TextInput
                key={k.key}
                label={k.label}
                description={k.description}
                maxLength={200}
                w={{ base: '100%', sm: 200 }}
                {...form.getInputProps(`known.${k.key}`)}
              />
            ),
          )}
        </Group>
        <Text size="sm" fw={600}>
          Other traits
        </Text>
        {form.getValues().custom.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; a key may be edited
          <Group key={index} align="start" gap="sm" wrap="nowrap">
            <TextInput
              label={`Key ${index + 1}`}
              maxLength={64}
              w={{ base: '40%', sm: 200 }}
              {...form.getInputProps(`custom.${index}.key`)}
            />
            <TextInput
              label={`Value ${index + 1}`}
              maxLength={200}
              style={{ flex: 1 }}
              {...form.getInputProps(`custom.${index}.value`)}
            />
            <ActionIcon
              variant="default"
              mt={25}
              size="lg"
              aria-label={`Remove ${row.key || `trait ${index + 1}`}`}
              onClick={() => form.removeListItem('custom', index)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="default" onClick={() => form.insertListItem('custom', { key: '', value: '' })}>
            Add a trait
          </Button>
          <Button type="submit" loading={mutation.isPending} disabled={unchanged}>
            Save traits
          </Button>
        </Group>
        {mutation.isSuccess && unchanged ? (
          <Text size="sm" role="status">
            Traits saved.
          </Text>
        ) : null}
        <QueryError error={problem} />
      </Stack>
    </form>
  );
}
