import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { QueryError } from './QueryError';

/** Every dialog of the console: a Mantine modal whose close button is named for screen readers. */
export function Dialog(props: ModalProps) {
  return <Modal closeButtonProps={{ 'aria-label': 'Close' }} {...props} />;
}

/**
 * The question asked before something is removed for good: what it means (`children`), "Keep it",
 * and a red button that does it, busy while it runs.
 */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  confirm,
  pending,
  onConfirm,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The red button's words ("Delete entry"). */
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      <Stack>
        {children}
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red.9" loading={pending} onClick={onConfirm}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/**
 * A form in a dialog: its fields (`children`), the save's failure where no field shows it
 * (`error`), then "Cancel" and the submit button, busy while the save runs.
 */
export function FormDialog({
  opened,
  onClose,
  title,
  size,
  onSubmit,
  noValidate,
  error,
  submit,
  pending,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size: ModalProps['size'];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form checks its required fields itself, not the browser. */
  noValidate?: boolean;
  error: Error | null;
  /** The submit button's words ("Save endpoint"). */
  submit: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate={noValidate}>
        <Stack gap="sm">
          {children}
          <QueryError error={error} />
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
