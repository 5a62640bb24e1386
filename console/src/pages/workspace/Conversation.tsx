import { Button, CloseButton, Group, Paper, ScrollArea, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { extras, type Message } from '../../api';
import { QueryError } from '../../components/QueryError';
import { queryKeys } from '../../query-keys';
import { useMe } from '../../session';
import { Markdown } from './markdown';
import { elementLabel, type SelectedElement } from './selected-element';

/**
 * Which page agent answers: the built-in one says what it can do and how to get a model; a model
 * agent names its model.
 */
function AgentInUse() {
  const agent = useMe()?.pageAgent;
  if (agent === undefined) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="agent-in-use">
      {agent.kind === 'openai' ? (
        <>
          Page agent: a language model ({agent.model ?? 'OPENAI_MODEL'}) through an OpenAI-compatible server.
        </>
      ) : (
        <>
          Page agent: the built-in one, without a language model. It makes the edits you spell out (set, add,
          remove, shorten, mention, undo) and answers questions; rewording and tone need a model: an operator
          sets <code>AGENT=openai</code> and <code>OPENAI_MODEL</code> (docs/agent.md).
        </>
      )}
    </Text>
  );
}

/** The conversation with the page agent, newest at the bottom, and the box to write to it (editors). */
export function Conversation({
  tenant,
  pageId,
  audienceId,
  messages,
  canWrite,
  working,
  onSent,
  about = null,
  onClearAbout,
  hasOlder = false,
  loadingOlder = false,
  onLoadOlder,
}: {
  tenant: string;
  pageId: string;
  audienceId: string;
  messages: Message[];
  canWrite: boolean;
  working: boolean;
  onSent: () => void;
  /** The preview element the next message is about (picked in the preview), if any. */
  about?: SelectedElement | null;
  onClearAbout?: () => void;
  /** Older messages exist before the first one shown; `onLoadOlder` reads the next window. */
  hasOlder?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  const send = useMutation({
    mutationFn: (message: string) => extras.sendMessageAbout(tenant, pageId, audienceId, message, about),
    onSuccess: () => {
      setText('');
      onClearAbout?.();
      onSent();
      queryClient.invalidateQueries({ queryKey: queryKeys.conversation(tenant, audienceId) });
      queryClient.invalidateQueries({ queryKey: queryKeys.versions(tenant, audienceId) });
    },
  });
  const newestId = messages.at(-1)?.messageId;
  const oldestId = messages[0]?.messageId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a newer message arrives
  useEffect(() => {
    // Only the conversation scrolls to its newest message, never the page around it.
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [newestId]);
  // Older messages go above: keep the distance to the bottom, so what was read stays in place.
  const fromBottom = useRef<number | null>(null);
  const loadOlder = () => {
    const box = viewport.current;
    if (box) fromBottom.current = box.scrollHeight - box.scrollTop;
    onLoadOlder?.();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when older messages were put above
  useLayoutEffect(() => {
    const box = viewport.current;
    if (box === null || fromBottom.current === null) return;
    box.scrollTop = box.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [oldestId]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') send.mutate(text.trim());
  };
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Conversation
      </Title>
      <AgentInUse />
      <ScrollArea.Autosize
        mah={420}
        type="auto"
        offsetScrollbars
        viewportRef={viewport}
        // Focusable, so a keyboard can scroll the conversation.
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Messages' }}
      >
        {/* Above the log, not in it: the log announces messages, not its controls. */}
        {hasOlder ? (
          <Button variant="subtle" size="xs" mb="xs" onClick={loadOlder} loading={loadingOlder}>
            Load older messages
          </Button>
        ) : null}
        <Stack gap="xs" role="log" aria-label="Conversation with the page agent" aria-live="polite">
          {messages.length === 0 ? <Text c="dimmed">No messages yet.</Text> : null}
          {messages.map((m) => (
            <Paper
              key={m.messageId}
              withBorder
              p="xs"
              bg={m.role === 'user' ? 'indigo.0' : undefined}
              ml={m.role === 'user' ? 'xl' : 0}
              mr={m.role === 'agent' ? 'xl' : 0}
            >
              <Text size="xs" c="dimmed">
                {m.role === 'user' ? 'You' : 'Page agent'} · {new Date(m.timestamp).toLocaleTimeString()}
              </Text>
              {selectionOf(m) ? (
                <Text size="xs" c="indigo.9" className="cell-wrap">
                  About: {elementLabel(selectionOf(m) as SelectedElement)}
                </Text>
              ) : null}
              {m.role === 'agent' ? (
                <Text size="sm" component="div">
                  <Markdown text={m.content} />
                </Text>
              ) : (
                <Text size="sm" className="cell-wrap" style={{ whiteSpace: 'pre-wrap' }}>
                  {m.content}
                </Text>
              )}
            </Paper>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {working ? (
        <Text size="sm" role="status">
          The page agent is working…
        </Text>
      ) : null}
      <QueryError error={send.error} title="Not sent" />
      {canWrite ? (
        <form onSubmit={submit}>
          {about ? (
            <Group gap={4} mb={4} wrap="nowrap" role="status" aria-label="Selected element">
              <Text size="sm" fw={600} c="indigo.9" className="cell-wrap" style={{ minWidth: 0 }}>
                About: {elementLabel(about)}
              </Text>
              <CloseButton size="sm" aria-label="Clear the selected element" onClick={onClearAbout} />
            </Group>
          ) : null}
          <Textarea
            label="Message to the page agent"
            placeholder="Rename the Book a demo button to Talk to sales"
            autosize
            minRows={2}
            maxLength={50_000}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) submit(e);
            }}
          />
          <Group justify="flex-end" mt="xs">
            <Button type="submit" loading={send.isPending} disabled={text.trim() === ''}>
              Send
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}

/** The element a message was about, when the operator picked one (stored with the message). */
function selectionOf(message: Message): SelectedElement | null {
  const selected = (message as Message & { selectedElement?: Record<string, unknown> | null })
    .selectedElement;
  if (!selected || typeof selected !== 'object') return null;
  // An integration may send any object: read the members the console shows, as text.
  return { ...selected, path: String(selected.path ?? ''), text: String(selected.text ?? '') };
}
