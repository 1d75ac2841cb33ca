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
import { removeRow } from '@/lib/rows';

type StringRowsProps = {
  label: string;
  description?: string;
  rows: string[];
  onChange: (rows: string[]) => void;
  /** Label of row i (for screen readers and the placeholder). */
  rowLabel: (index: number) => string;
  canRemove: (index: number, count: number) => boolean;
  addLabel: string;
  error?: string | null;
  type?: 'text' | 'url';
};

/** A list of single-line rows (categories, links) that always keeps at least one row. */
export function StringRows({ label, description, rows, onChange, rowLabel, canRemove, addLabel, error, type = 'text' }: StringRowsProps) {
  const groupId = useId();
  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div" labelProps={{ id: groupId }} role="group" aria-labelledby={groupId}>
      <Stack gap={6} mt={4}>
        {rows.map((value, i) => (
          <Group key={i} gap={6} wrap="nowrap">
            <TextInput
              flex={1}
              aria-label={rowLabel(i)}
              placeholder={rowLabel(i)}
              type={type}
              value={value}
              onChange={(e) => onChange(rows.map((r, j) => (j === i ? e.currentTarget.value : r)))}
            />
            {canRemove(i, rows.length) && (
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Remove ${rowLabel(i).toLowerCase()}`}
                onClick={() => onChange(removeRow(rows, i, ''))}>
                <IconX size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} w="fit-content"
          onClick={() => onChange([...rows, ''])}>
          {addLabel}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
