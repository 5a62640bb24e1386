import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TopicEntry } from '../api';

/** What a screen reader hears while an entry is moved with the keyboard (dnd-kit's live region). */
const INSTRUCTIONS =
  'To move an entry, press space or enter on its handle, then the up and down arrow keys; space or enter drops it, escape cancels.';

const preview = (entry: TopicEntry) =>
  entry.content.content.length > 60 ? `${entry.content.content.slice(0, 60)}…` : entry.content.content;

/**
 * A topic's entries in list order. With `onReorder`, each entry has a handle to drag it, by pointer
 * or keyboard (dnd-kit's sensors); the new order of every entry is handed to `onReorder`.
 */
export function TopicEntries({
  entries,
  onReorder,
  onEdit,
  onDelete,
}: {
  entries: TopicEntry[];
  onReorder?: (ids: string[]) => void;
  onEdit?: (entry: TopicEntry) => void;
  onDelete?: (entry: TopicEntry) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = entries.map((e) => e.topicEntryId);
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!onReorder || over === null || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: INSTRUCTIONS },
        announcements: {
          onDragStart: ({ active }) => `Picked up entry ${position(active.id)}.`,
          onDragOver: ({ over }) => (over ? `Over position ${position(over.id)}.` : 'Outside the list.'),
          onDragEnd: ({ over }) =>
            over ? `Dropped at position ${position(over.id)}.` : 'Dropped; order unchanged.',
          onDragCancel: () => 'Move cancelled; order unchanged.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" component="ol" className="plain-list" aria-label="Entries">
          {entries.map((entry, index) => (
            <SortableEntry
              key={entry.topicEntryId}
              entry={entry}
              position={index + 1}
              sortable={onReorder !== undefined}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function SortableEntry({
  entry,
  position,
  sortable,
  onEdit,
  onDelete,
}: {
  entry: TopicEntry;
  position: number;
  sortable: boolean;
  onEdit?: ((entry: TopicEntry) => void) | undefined;
  onDelete?: ((entry: TopicEntry) => void) | undefined;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: entry.topicEntryId,
      disabled: !sortable,
    });
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      ref={setNodeRef}
      className="entry-row"
      data-dragging={isDragging}
      data-testid="topic-entry"
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <Group wrap="nowrap" align="start">
        {sortable ? (
          <ActionIcon
            variant="subtle"
            color="gray.8"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Move entry ${position}: ${preview(entry)}`}
            style={{ cursor: 'grab', touchAction: 'none' }}
          >
            <span aria-hidden="true">⠿</span>
          </ActionIcon>
        ) : null}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {position}.
            </Text>
            <Badge variant="outline" color="gray.8" size="sm">
              {entry.content.type}
            </Badge>
          </Group>
          <Text size="sm" className="cell-wrap entry-content">
            {entry.content.content}
          </Text>
        </Stack>
        {onEdit || onDelete ? (
          <Group gap={4} wrap="nowrap">
            {onEdit ? (
              <Button
                size="xs"
                variant="default"
                onClick={() => onEdit(entry)}
                aria-label={`Edit entry ${position}`}
              >
                Edit
              </Button>
            ) : null}
            {onDelete ? (
              <Button
                size="xs"
                variant="default"
                onClick={() => onDelete(entry)}
                aria-label={`Delete entry ${position}`}
              >
                Delete
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
    </Paper>
  );
}
