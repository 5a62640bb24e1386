import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { PageAction } from '../api';

/** A page button as the form edits it; the id is kept for existing ones (audiences title buttons by id). */
export interface ButtonRow {
  actionId: string;
  buttonTitle: string;
  url: string;
  purpose: string;
  actionType: string;
}

export const rowsOf = (actions: PageAction[] | undefined): ButtonRow[] =>
  [...(actions ?? [])]
    .sort((a, b) => a.actionIndex - b.actionIndex)
    .map(({ actionId, buttonTitle, url, purpose, actionType }) => ({
      actionId,
      buttonTitle,
      url,
      purpose,
      actionType,
    }));

/** What the API stores: positions from the order, a new button's id from its title (unique). */
export function actionsOf(rows: ButtonRow[]): PageAction[] {
  const used = new Set(rows.map((r) => r.actionId).filter((id) => id !== ''));
  return rows.map((row, actionIndex) => {
    let actionId = row.actionId;
    if (actionId === '') {
      const base =
        row.buttonTitle
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 60) || 'button';
      actionId = base;
      for (let n = 2; used.has(actionId); n++) actionId = `${base}-${n}`;
      used.add(actionId);
    }
    return {
      actionId,
      actionIndex,
      buttonTitle: row.buttonTitle,
      url: row.url,
      purpose: row.purpose === '' ? row.buttonTitle : row.purpose,
      actionType: row.actionType === '' ? 'link' : row.actionType,
    };
  });
}

/** The page's buttons (its actions): title and link each, in order; errors by API pointer. */
export function ButtonsField({
  rows,
  onChange,
  errors,
}: {
  rows: ButtonRow[];
  onChange: (rows: ButtonRow[]) => void;
  errors: Record<string, string>;
}) {
  const set = (i: number, patch: Partial<ButtonRow>) =>
    onChange(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <Fieldset
      legend="Buttons"
      variant="unstyled"
      styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } }}
    >
      <Stack gap="xs">
        {rows.length === 0 ? <Text c="dimmed">No button yet.</Text> : null}
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
          <Group key={i} align="flex-start" wrap="wrap" gap="xs">
            <TextInput
              label={`Button ${i + 1} title`}
              required
              maxLength={500}
              value={row.buttonTitle}
              error={errors[`actions.${i}.buttonTitle`]}
              onChange={(e) => set(i, { buttonTitle: e.currentTarget.value })}
              w={{ base: '100%', sm: 240 }}
            />
            <TextInput
              label={`Button ${i + 1} link`}
              placeholder="https://example.com/demo"
              value={row.url}
              error={errors[`actions.${i}.url`]}
              onChange={(e) => set(i, { url: e.currentTarget.value })}
              w={{ base: '100%', sm: 320 }}
            />
            <ActionIcon
              mt={{ base: 0, sm: 28 }}
              variant="default"
              size="lg"
              aria-label={`Remove button ${i + 1}`}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            size="compact-sm"
            onClick={() =>
              onChange([...rows, { actionId: '', buttonTitle: '', url: '', purpose: '', actionType: '' }])
            }
          >
            Add button
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
