import { Group, Select, Table, Text, Title } from '@mantine/core';
import type { PageBlock } from '../../../../src/domain/page-blocks.js';
import type { Version } from '../../api';
import { diffVersions } from './diff';

/** A field-level diff between any two versions that have content. */
export function VersionDiff({
  versions,
  blocks,
  from,
  to,
  onChange,
}: {
  versions: Version[];
  /** The page's blocks: their texts and which show are diffed too. */
  blocks: readonly PageBlock[];
  from: string | null;
  to: string | null;
  onChange: (from: string | null, to: string | null) => void;
}) {
  const options = versions
    .filter((v) => v.content !== null)
    .map((v) => ({ value: v.versionId, label: `Version ${v.versionNumber} (${v.status})` }));
  const a = versions.find((v) => v.versionId === from);
  const b = versions.find((v) => v.versionId === to);
  const changes = a && b ? diffVersions(a.content, b.content, blocks) : [];
  return (
    <section aria-labelledby="diff-heading">
      <Title order={3} size="h4" id="diff-heading" mb="xs">
        Changes between versions
      </Title>
      <Group grow mb="xs">
        <Select label="From" data={options} value={from} onChange={(v) => onChange(v, to)} />
        <Select label="To" data={options} value={to} onChange={(v) => onChange(from, v)} />
      </Group>
      {a && b ? (
        changes.length === 0 ? (
          <Text c="dimmed">No field differs.</Text>
        ) : (
          <Table.ScrollContainer
            minWidth={420}
            // Focusable, so a keyboard can scroll it on a narrow screen (it holds no link or button).
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Changed fields' },
            }}
          >
            <Table striped aria-label="Changed fields">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Version {a.versionNumber}</Table.Th>
                  <Table.Th>Version {b.versionNumber}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map((c) => (
                  <Table.Tr key={c.field}>
                    <Table.Td>{c.field}</Table.Td>
                    <Table.Td className="cell-wrap">
                      <del>{c.before}</del>
                    </Table.Td>
                    <Table.Td className="cell-wrap">
                      <ins>{c.after}</ins>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      ) : (
        <Text c="dimmed">Choose two versions with content.</Text>
      )}
    </section>
  );
}
