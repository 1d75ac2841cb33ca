import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import { Button, ColorSwatch, Group, Menu, Popover, Select, SimpleGrid, Stack, Text, TextInput, FileButton } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { notifications } from '@mantine/notifications';
import {
  IconBackground,
  IconClearFormatting,
  IconIndentDecrease,
  IconIndentIncrease,
  IconPhoto,
  IconLink,
  IconPilcrow,
  IconTable,
  IconTextSize,
  IconTypography,
  IconVideo,
} from '@tabler/icons-react';
import { useWindowEvent } from '@mantine/hooks';
import { useEditorState, type Editor } from '@tiptap/react';
import { useState, type FormEvent } from 'react';
import { ADMIN_TEXT, CODE_LANGUAGE_OPTIONS, EDITOR_FONT_SIZES, EDITOR_FONTS, MAX_IMAGE_BYTES } from '@/config/constants';
import { parseApiError } from '@/lib/errors';
import { BLANK_LINK, isAllowedImageSrc, isAllowedLink, isAllowedPastedImage, PASTE_IMAGE_TYPES, videoEmbedUrl } from '@/lib/url-filters';

const icon = { size: 16, stroke: 1.5 };

/** Text colours; each reads at AA on the page background of both themes. */
export const TEXT_COLORS = ['#c92a2a', '#a61e4d', '#862e9c', '#5f3dc4', '#1864ab', '#0b7285', '#2b8a3e', '#e67700', '#868e96'];
/** Highlight colours; light enough that dark text stays readable and the server keeps them as highlights. */
export const HIGHLIGHT_COLORS = ['#fff3bf', '#ffec99', '#d3f9d8', '#d0ebff', '#e5dbff', '#ffe3e3', '#ffd8a8', '#e9ecef'];

const useActive = (pick: (editor: Editor) => boolean | string) => {
  const { editor } = useRichTextEditorContext();
  return useEditorState({ editor: editor ?? null, selector: ({ editor: e }) => (e ? pick(e) : false) });
};

/** Uploads a file and returns its URL (the item form passes the itemImages upload). */
export type ImageUploader = (file: File) => Promise<string>;

export const IMAGE_TYPE_ERROR = ADMIN_TEXT.imageTypes;

/** Why a file cannot go into the editor, checked before anything is sent; null when it can. */
export function imageFileProblem(file: File): string | null {
  if (!isAllowedPastedImage(file)) return IMAGE_TYPE_ERROR;
  if (file.size > MAX_IMAGE_BYTES) return ADMIN_TEXT.mediaTooLarge;
  return null;
}

const altFromName = (name: string) => name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ').trim();

/** Uploads image files and inserts them as images; a refused or failed file says why. */
export async function insertImageFiles(editor: Editor, files: File[], upload: ImageUploader, alt?: string) {
  for (const file of files) {
    const problem = imageFileProblem(file);
    if (problem) {
      notifications.show({ color: 'red', message: problem });
      continue;
    }
    const id = notifications.show({ loading: true, message: `Uploading ${file.name}…`, autoClose: false });
    try {
      const src = await upload(file);
      editor.chain().focus().setImage({ src, alt: alt?.trim() || altFromName(file.name) }).run();
      notifications.hide(id);
    } catch (error) {
      notifications.update({ id, loading: false, color: 'red', autoClose: 6000,
        message: `${file.name} was not added: ${parseApiError(error).fieldErrors.media ?? parseApiError(error).message}` });
    }
  }
}

export function NormalTextControl() {
  const { editor } = useRichTextEditorContext();
  const active = useActive((e) => e.isActive('paragraph'));
  return (
    <RichTextEditor.Control
      aria-label="Normal text"
      title="Normal text"
      active={!!active}
      onClick={() => editor?.chain().focus().setParagraph().run()}
    >
      <IconPilcrow {...icon} />
    </RichTextEditor.Control>
  );
}

export function IndentControls() {
  const { editor } = useRichTextEditorContext();
  return (
    <>
      <RichTextEditor.Control aria-label="Decrease indent" title="Decrease indent" onClick={() => editor?.chain().focus().outdent().run()}>
        <IconIndentDecrease {...icon} />
      </RichTextEditor.Control>
      <RichTextEditor.Control aria-label="Increase indent" title="Increase indent" onClick={() => editor?.chain().focus().indent().run()}>
        <IconIndentIncrease {...icon} />
      </RichTextEditor.Control>
    </>
  );
}

function StyleMenu({ label, children, items, current, onPick }: {
  label: string;
  children: React.ReactNode;
  items: readonly { label: string; value: string }[];
  current: string;
  onPick: (value: string) => void;
}) {
  return (
    <Menu shadow="md" width={160} position="bottom-start">
      <Menu.Target>
        <RichTextEditor.Control aria-label={label} title={label} active={current !== ''}>
          {children}
        </RichTextEditor.Control>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {items.map((item) => (
          <Menu.Item
            key={item.label}
            onClick={() => onPick(item.value)}
            style={item.value ? { fontFamily: label === 'Font' ? item.value : undefined } : undefined}
            rightSection={current === item.value ? <span aria-hidden>✓</span> : null}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function FontControl() {
  const { editor } = useRichTextEditorContext();
  const current = useActive((e) => String(e.getAttributes('textStyle').fontFamily ?? ''));
  return (
    <StyleMenu label="Font" items={EDITOR_FONTS} current={String(current || '')}
      onPick={(v) => editor?.chain().focus().setFontFamily(v).run()}>
      <IconTypography {...icon} />
    </StyleMenu>
  );
}

export function FontSizeControl() {
  const { editor } = useRichTextEditorContext();
  const current = useActive((e) => String(e.getAttributes('textStyle').fontSize ?? ''));
  return (
    <StyleMenu label="Text size" items={EDITOR_FONT_SIZES} current={String(current || '')}
      onPick={(v) => editor?.chain().focus().setFontSize(v).run()}>
      <IconTextSize {...icon} />
    </StyleMenu>
  );
}

export function BackgroundColorControl() {
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const active = useActive((e) => e.isActive('highlight'));
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <RichTextEditor.Control aria-label="Background colour" title="Background colour" active={!!active}
          onClick={() => setOpened((o) => !o)}>
          <IconBackground {...icon} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <SimpleGrid cols={4} spacing={6}>
            {HIGHLIGHT_COLORS.map((color) => (
              <ColorSwatch
                key={color}
                component="button"
                type="button"
                color={color}
                aria-label={`Background ${color}`}
                onClick={() => {
                  editor?.chain().focus().setHighlight({ color }).run();
                  setOpened(false);
                }}
              />
            ))}
          </SimpleGrid>
          <Button size="compact-xs" variant="default" onClick={() => {
            editor?.chain().focus().unsetHighlight().run();
            setOpened(false);
          }}>
            No background
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A toolbar button with a small address form in a popover (image and video). */
function UrlPopoverControl({ label, icon: Icon, placeholder, validate, onSubmit, extra, fields }: {
  label: string;
  icon: typeof IconPhoto;
  placeholder: string;
  validate: (url: string) => string | null;
  onSubmit: (url: string) => void;
  extra?: (close: () => void) => React.ReactNode;
  /** More inputs under the address (the image's alt text). */
  fields?: React.ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpened(false);
    setUrl('');
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const problem = validate(url.trim());
    if (problem) return setError(problem);
    onSubmit(url.trim());
    close();
  };
  return (
    <Popover opened={opened} onChange={(o) => (o ? setOpened(true) : close())} position="bottom" withArrow shadow="md" trapFocus width={320}>
      <Popover.Target>
        <RichTextEditor.Control aria-label={label} title={label} onClick={() => (opened ? close() : setOpened(true))}>
          <Icon {...icon} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={submit}>
          <Stack gap="xs">
            <TextInput size="xs" label={`${label} address`} placeholder={placeholder} value={url} error={error}
              onChange={(e) => setUrl(e.currentTarget.value)} data-autofocus />
            {fields}
            <Group gap="xs" justify="space-between">
              {extra?.(close)}
              <Button size="compact-sm" type="submit">Insert</Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

export function ImageControl({ upload }: { upload?: ImageUploader }) {
  const { editor } = useRichTextEditorContext();
  const [alt, setAlt] = useState('');
  return (
    <UrlPopoverControl
      label="Image"
      icon={IconPhoto}
      placeholder="https://example.com/picture.jpg"
      validate={(url) => (isAllowedImageSrc(url) && /^(https?:|\/)/i.test(url) ? null : 'Use an http or https image address')}
      onSubmit={(src) => {
        editor?.chain().focus().setImage({ src, alt: alt.trim() }).run();
        setAlt('');
      }}
      fields={
        <TextInput size="xs" label="Alt text" description="What the image shows, for readers who cannot see it"
          value={alt} onChange={(e) => setAlt(e.currentTarget.value)} />
      }
      extra={(close) =>
        upload ? (
          <FileButton accept={PASTE_IMAGE_TYPES.join(',')} onChange={(file) => {
            if (file && editor) {
              const typed = alt;
              close();
              setAlt('');
              void insertImageFiles(editor, [file], upload, typed);
            }
          }}>
            {(props) => <Button {...props} size="compact-sm" variant="default">Upload image</Button>}
          </FileButton>
        ) : null
      }
    />
  );
}

export function VideoControl() {
  const { editor } = useRichTextEditorContext();
  return (
    <UrlPopoverControl
      label="Video"
      icon={IconVideo}
      placeholder="https://www.youtube.com/watch?v=…"
      validate={(url) => (videoEmbedUrl(url) ? null : 'Use a YouTube or Vimeo address')}
      onSubmit={(url) => editor?.chain().focus().setVideo(videoEmbedUrl(url) ?? '').run()}
      extra={() => <Text size="xs" c="dimmed">YouTube or Vimeo</Text>}
    />
  );
}

/** One menu for tables: insert one, or change the table the cursor is in. */
export function TableControl() {
  const { editor } = useRichTextEditorContext();
  const inTable = useActive((e) => e.isActive('table'));
  const run = (command: (editor: Editor) => boolean) => () => {
    if (editor) command(editor);
  };
  return (
    <Menu shadow="md" width={200} position="bottom-start">
      <Menu.Target>
        <RichTextEditor.Control aria-label="Table" title="Table" active={!!inTable}>
          <IconTable {...icon} />
        </RichTextEditor.Control>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={run((e) => e.chain().focus().insertTable({ rows: 3, cols: 3 }).run())}>Insert table</Menu.Item>
        <Menu.Divider />
        <Menu.Item disabled={!inTable} onClick={run((e) => e.chain().focus().addRowAfter().run())}>Add row</Menu.Item>
        <Menu.Item disabled={!inTable} onClick={run((e) => e.chain().focus().addColumnAfter().run())}>Add column</Menu.Item>
        <Menu.Item disabled={!inTable} onClick={run((e) => e.chain().focus().toggleHeaderRow().run())}>Header row on/off</Menu.Item>
        <Menu.Item disabled={!inTable} onClick={run((e) => e.chain().focus().deleteRow().run())}>Delete row</Menu.Item>
        <Menu.Item disabled={!inTable} onClick={run((e) => e.chain().focus().deleteColumn().run())}>Delete column</Menu.Item>
        <Menu.Item disabled={!inTable} color="red" onClick={run((e) => e.chain().focus().deleteTable().run())}>Delete table</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The language of the code block the cursor is in, searchable, the common ones first. */
export function CodeLanguageControl() {
  const { editor } = useRichTextEditorContext();
  const inCode = useActive((e) => e.isActive('codeBlock'));
  const language = useActive((e) => String(e.getAttributes('codeBlock').language ?? ''));
  if (!inCode) return null;
  return (
    <Select
      size="xs"
      w={170}
      searchable
      clearable
      aria-label="Code language"
      placeholder="Detect language"
      nothingFoundMessage="No such language"
      data={CODE_LANGUAGE_OPTIONS.map((l) => ({ value: l.value, label: l.label }))}
      value={String(language || '') || null}
      onChange={(value) => editor?.chain().focus().updateAttributes('codeBlock', { language: value || null }).run()}
      comboboxProps={{ withinPortal: true, zIndex: 400 }}
      maxDropdownHeight={280}
    />
  );
}

export const LINK_SCHEME_ERROR = 'Only http, https, mailto, tel and sms links are allowed.';

/** The link dialog: an address the server would drop (javascript:, data:…) is refused at once. */
export function LinkControl() {
  const { editor } = useRichTextEditorContext();
  const active = useActive((e) => e.isActive('link'));
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    const href = String(editor?.getAttributes('link').href ?? '');
    setUrl(href === BLANK_LINK ? '' : href);
    setError(null);
    setOpened(true);
  };
  const close = () => {
    setOpened(false);
    setError(null);
  };
  useWindowEvent('edit-link', open, false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const href = url.trim();
    if (href && !isAllowedLink(href)) return setError(LINK_SCHEME_ERROR);
    const chain = editor?.chain().focus().extendMarkRange('link');
    if (href) chain?.setLink({ href }).run();
    else chain?.unsetLink().run();
    close();
  };
  return (
    <Popover opened={opened} onChange={(o) => (o ? open() : close())} position="bottom" withArrow shadow="md" trapFocus width={320}>
      <Popover.Target>
        <RichTextEditor.Control aria-label="Link" title="Link" active={!!active} onClick={() => (opened ? close() : open())}>
          <IconLink {...icon} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={submit}>
          <Stack gap="xs">
            <TextInput size="xs" label="Link address" placeholder="https://example.com/" value={url} error={error}
              onChange={(e) => {
                setUrl(e.currentTarget.value);
                setError(null);
              }} data-autofocus />
            <Group gap="xs" justify="flex-end">
              <Button size="compact-sm" type="submit">Save link</Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

export function ClearFormattingControl() {
  const { editor } = useRichTextEditorContext();
  return (
    <RichTextEditor.Control aria-label="Clear formatting" title="Clear formatting"
      onClick={() => editor?.chain().focus().clearFormatting().run()}>
      <IconClearFormatting {...icon} />
    </RichTextEditor.Control>
  );
}
