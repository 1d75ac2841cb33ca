import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useLayoutEffect, useRef } from 'react';
import { pendingBootSearch } from '@/lib/boot-handoff';

/**
 * The search box as it looks before its combobox has loaded: same size, nothing shifts. It takes
 * typing: public/boot.js carries what is typed (and the server page's box's text and focus) over
 * to the combobox (lib/boot-handoff.ts).
 */
export function SearchBoxPlaceholder({ width }: { width?: number | string }) {
  const ref = useRef<HTMLInputElement>(null);
  const carried = pendingBootSearch();
  useLayoutEffect(() => {
    if (pendingBootSearch()?.focused) ref.current?.focus();
  }, []);
  return (
    <TextInput
      ref={ref}
      w={width}
      type="text"
      autoComplete="off"
      placeholder="Search titles"
      aria-label="Search titles"
      data-control="search"
      defaultValue={carried?.value}
      leftSection={<IconSearch size={16} stroke={1.75} aria-hidden />}
    />
  );
}
