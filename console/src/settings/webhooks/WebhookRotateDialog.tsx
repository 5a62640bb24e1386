import { Button, Code, CopyButton, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Webhook, webhookEditApi } from '../../api';
import { Dialog } from '../../components/Dialog';
import { QueryError } from '../../components/QueryError';

const OVERLAPS = [
  { value: '0', label: 'No overlap: the old secret stops at once' },
  { value: '60', label: 'One hour' },
  { value: '1440', label: 'One day (recommended)' },
  { value: '10080', label: 'One week' },
];

/**
 * Rotates an endpoint's signing secret: asks how long the old secret keeps signing too (so the
 * receiver can switch without dropping deliveries), then shows the new secret once. Closing the
 * dialog forgets it: Quire never shows it again.
 */
export function WebhookRotateDialog({
  tenant,
  hook,
  onClose,
  onRotated,
}: {
  tenant: string;
  hook: Webhook | null;
  onClose: () => void;
  onRotated: () => void;
}) {
  const [overlap, setOverlap] = useState('1440');
  const rotate = useMutation({
    mutationFn: (h: Webhook) => webhookEditApi.rotateWebhookSecret(tenant, h.webhookId, Number(overlap)),
    onSuccess: onRotated,
  });
  const { reset } = rotate;
  useEffect(() => {
    if (hook !== null) {
      setOverlap('1440');
      reset();
    }
  }, [hook, reset]);
  const secret = rotate.data?.secret ?? null;
  return (
    <Dialog
      opened={hook !== null}
      onClose={onClose}
      title={secret ? 'The new signing secret' : 'Rotate the signing secret?'}
    >
      {secret ? (
        <Stack>
          <Text>
            Give this secret to your receiver. Copy it now: it is shown only once.
            {Number(overlap) > 0 ? ' Until the overlap ends, deliveries are signed with both secrets.' : ''}
          </Text>
          <Code block data-testid="new-webhook-secret">
            {secret}
          </Code>
          <Group justify="end">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text className="cell-wrap">
            {hook?.url} gets a new signing secret. How long should the current one keep signing too?
          </Text>
          <Select
            label="Overlap"
            data={OVERLAPS}
            value={overlap}
            onChange={(v) => setOverlap(v ?? '1440')}
            allowDeselect={false}
          />
          <QueryError error={rotate.error} />
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              Keep the current secret
            </Button>
            <Button loading={rotate.isPending} onClick={() => hook && rotate.mutate(hook)}>
              Rotate secret
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
