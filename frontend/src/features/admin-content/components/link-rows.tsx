import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { useId } from 'react';
import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { canRemoveLinkRow, removeRow, type TitledLink } from '@/lib/rows';

const EMPTY: TitledLink = { title: '', url: '' };

type LinkRowsProps = {
  label: string;
  description?: string;
  rows: TitledLink[];
  onChange: (rows: TitledLink[]) => void;
  addLabel: string;
  error?: string | null;
};

/** Title/url rows (About's attachLinks, the profile's socialLinks); at least one row stays. */
export function LinkRows({ label, description, rows, onChange, addLabel, error }: LinkRowsProps) {
  const groupId = useId();
  const set = (i: number, patch: Partial<TitledLink>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div" labelProps={{ id: groupId }} role="group" aria-labelledby={groupId}>
      <Stack gap={6} mt={4}>
        {rows.map((row, i) => (
          <Group key={i} gap={6} wrap="nowrap" align="flex-start">
            <TextInput w="38%" aria-label={`Link ${i + 1} title`} placeholder="Title" value={row.title}
              onChange={(e) => set(i, { title: e.currentTarget.value })} />
            <TextInput flex={1} aria-label={`Link ${i + 1} address`} placeholder="https://…" type="url" value={row.url}
              onChange={(e) => set(i, { url: e.currentTarget.value })} />
            {canRemoveLinkRow(rows.length) && (
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Remove link ${i + 1}`}
                onClick={() => onChange(removeRow(rows, i, EMPTY))}>
                <IconX size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} w="fit-content"
          onClick={() => onChange([...rows, { ...EMPTY }])}>
          {addLabel}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
