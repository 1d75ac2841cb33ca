import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Mark.layer.css';
import '@mantine/core/styles/Kbd.layer.css';
import { Combobox, Highlight, Kbd, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS, SEARCH_HOTKEY, TRUNCATE } from '@/config/constants';
import { itemHref } from '@/config/paths';
import { pendingBootSearch, takeBootSearch } from '@/lib/boot-handoff';
import { formatShortDate, truncate } from '@/lib/format';
import type { ItemSummary } from '@/types/api';
import { useSearchItems } from '../api/search-items';
import classes from './search-box.module.css';

const optionValue = (item: ItemSummary) => `${item.type}:${item.id}`;

/**
 * Title search as an accessible combobox: matches (case-insensitive, newest first) drop
 * down as you type, the typed part highlighted; arrows move, Enter opens the chosen match
 * or the first one, Escape closes, and `/` focuses the box from anywhere.
 */
export function SearchBox({ width }: { width?: number | string }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  // What the reader typed before this box loaded (the server page's box, then the placeholder).
  const [value, setValue] = useState(() => pendingBootSearch()?.value ?? '');
  const [q] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isFetching, isError, error } = useSearchItems({ q });
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  useHotkeys([[SEARCH_HOTKEY, () => inputRef.current?.focus()]]);

  // Focus comes over too; from here on what is typed is this box's alone.
  useLayoutEffect(() => {
    if (takeBootSearch()?.focused) inputRef.current?.focus();
  }, []);

  useEffect(() => {
    // The spec: search failures are logged and leave the list empty.
    if (isError) console.error('Error searching:', error);
  }, [isError, error]);

  const typed = value.trim();
  const matches = typed && q === typed && !isError ? (data?.items ?? []) : [];
  const settled = typed !== '' && q === typed && !isFetching;

  const open = (item: ItemSummary) => {
    combobox.closeDropdown();
    setValue('');
    inputRef.current?.blur();
    navigate(itemHref(item.type, item.id));
  };

  const byValue = (v: string) => matches.find((item) => optionValue(item) === v);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(v) => {
        const item = byValue(v);
        if (item) open(item);
      }}
      withinPortal={false}
      // The list exists only while open: a kept-mounted one was measured and placed while the
      // app started, a forced layout of the whole page in its first task.
      keepMounted={false}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={inputRef}
          w={width}
          // Not type=search: Chrome clears such a box on Escape, which should only close the list.
          type="text"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder="Search titles"
          aria-label="Search titles"
          data-control="search"
          leftSection={<IconSearch size={16} stroke={1.75} aria-hidden />}
          rightSection={
            isFetching && typed ? (
              <Loader size={14} aria-hidden />
            ) : (
              <Kbd size="xs" aria-hidden className={classes.hint} visibleFrom="md">
                {SEARCH_HOTKEY}
              </Kbd>
            )
          }
          rightSectionPointerEvents="none"
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex('active');
          }}
          onFocus={() => typed && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            // Enter with no option chosen opens the first match (the spec).
            if (e.key === 'Enter' && combobox.getSelectedOptionIndex() < 0 && matches[0]) {
              e.preventDefault();
              open(matches[0]);
            }
          }}
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={!typed} aria-label="Search results">
        <Combobox.Options>
          {matches.map((item) => (
            <Combobox.Option value={optionValue(item)} key={optionValue(item)} className={classes.option}>
              <Highlight highlight={typed} size="sm" component="span" className={classes.title}>
                {truncate(item.title, TRUNCATE.searchTitle)}
              </Highlight>
              <Text span size="xs" c="dimmed" className={classes.meta}>
                {item.type === 'project' ? 'Project' : 'Blog'} · {formatShortDate(item.date)}
              </Text>
            </Combobox.Option>
          ))}
          {settled && matches.length === 0 && <Combobox.Empty>No matching titles</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
