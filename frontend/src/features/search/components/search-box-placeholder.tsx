import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box as it looks before its combobox has loaded: same size, nothing shifts. */
export function SearchBoxPlaceholder({ width }: { width?: number | string }) {
  return (
    <TextInput
      w={width}
      type="text"
      placeholder="Search titles"
      aria-label="Search titles"
      readOnly
      leftSection={<IconSearch size={16} stroke={1.75} aria-hidden />}
    />
  );
}
