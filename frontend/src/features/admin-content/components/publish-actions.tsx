import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Button, Group, Modal, Text, TextInput } from '@mantine/core';
import { IconCalendarTime, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import type { ItemStatus } from '@/types/api';
import { localDateTime } from './publish-status';

/** What a save asks for: a status and, when scheduled, the publish time (RFC 3339, UTC). */
export type PublishIntent = { status: ItemStatus; publishAt?: string; today?: boolean };

/** A `datetime-local` value ("2026-11-28T09:30", the owner's time zone) of a moment. */
const toLocalInput = (ms: number) => {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

type PublishActionsProps = {
  /** The item's stored status; undefined for a new item. */
  status?: ItemStatus;
  publishAt?: string | null;
  /** The form's date (YYYY-MM-DD) and today's, to offer today's when a draft goes out. */
  date: string;
  today: string;
  /** "blog" or "project": a new item's button says Publish blog. */
  noun: string;
  disabled: boolean;
  loading: boolean;
  onSave: (intent: PublishIntent) => void;
  /** Shown before the buttons, in their row (the form's Cancel). */
  leading?: React.ReactNode;
};

/**
 * Save draft, Publish and Schedule (a date and time in the owner's time zone, sent in UTC).
 * Publishing a draft dated another day asks whether to date it today.
 */
export function PublishActions({ status, publishAt, date, today, noun, disabled, loading, onSave, leading }: PublishActionsProps) {
  const [scheduling, setScheduling] = useState(false);
  const [when, setWhen] = useState(() => toLocalInput(publishAt ? Date.parse(publishAt) : Date.now() + 3600_000));
  const [whenError, setWhenError] = useState<string | null>(null);
  const [askDate, setAskDate] = useState(false);

  const publish = () => {
    if (status !== undefined && status !== 'published' && date !== today) setAskDate(true);
    else onSave({ status: 'published' });
  };
  const schedule = () => {
    const at = new Date(when);
    if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) {
      setWhenError('Publish time must be in the future');
      return;
    }
    setWhenError(null);
    onSave({ status: 'scheduled', publishAt: at.toISOString() });
  };

  return (
    <>
      <Group gap="sm" justify="flex-end" wrap="wrap">
        {leading}
        <Button variant="default" disabled={disabled} loading={loading} leftSection={<IconDeviceFloppy size={16} />}
          onClick={() => onSave({ status: 'draft' })}>
          Save draft
        </Button>
        <Button variant={scheduling ? 'light' : 'default'} disabled={disabled} leftSection={<IconCalendarTime size={16} />}
          aria-expanded={scheduling} onClick={() => setScheduling((s) => !s)}>
          Schedule…
        </Button>
        <Button disabled={disabled} loading={loading} leftSection={<IconSend size={16} />} onClick={publish}>
          {status === undefined ? `Publish ${noun}` : status === 'published' ? 'Save changes' : 'Publish'}
        </Button>
      </Group>
      {scheduling && (
        <Group gap="sm" align="flex-end" justify="flex-end" wrap="wrap">
          <TextInput type="datetime-local" label="Publish on" description="Your time zone" value={when} error={whenError} onChange={(e) => setWhen(e.currentTarget.value)} />
          <Button disabled={disabled} loading={loading} onClick={schedule}>Schedule</Button>
        </Group>
      )}
      {status === 'scheduled' && publishAt && !scheduling && (
        <Text size="xs" c="dimmed" ta="right">Scheduled to go out {localDateTime(publishAt)}</Text>
      )}
      <Modal opened={askDate} onClose={() => setAskDate(false)} title="Date it today?" centered>
        <Text size="sm" mb="lg">
          This {status === 'scheduled' ? 'scheduled item' : 'draft'} is dated {date}. Publish it with today’s date ({today}) instead?
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => { setAskDate(false); onSave({ status: 'published' }); }}>Keep {date}</Button>
          <Button onClick={() => { setAskDate(false); onSave({ status: 'published', today: true }); }} data-autofocus>
            Use today’s date
          </Button>
        </Group>
      </Modal>
    </>
  );
}
