import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/core/styles/ColorPicker.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Typography.layer.css';
import '@mantine/tiptap/styles.layer.css';

import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import {
  BackgroundColorControl,
  ClearFormattingControl,
  CodeLanguageControl,
  FontControl,
  FontSizeControl,
  HIGHLIGHT_COLORS,
  ImageControl,
  IndentControls,
  LinkControl,
  insertImageFiles,
  type ImageUploader,
  NormalTextControl,
  TableControl,
  TEXT_COLORS,
  VideoControl,
} from './controls';
import { demoteH1, editorExtensions, type EditorVariant } from './extensions';
import classes from './rich-text.module.css';
import { notifications } from '@mantine/notifications';

export type RichTextInputProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** 'about' leaves out code, code block, image and video. */
  variant?: EditorVariant;
  placeholder?: string;
  description?: string;
  error?: string | null;
  required?: boolean;
  /** Uploads an image and returns its URL; without it the editor takes no image files. */
  uploadImage?: ImageUploader;
};

const imageFiles = (list: FileList | null | undefined) =>
  Array.from(list ?? []).filter((f) => f.type.startsWith('image/'));

/** The one rich-text editor of the app: @mantine/tiptap with the spec's toolbar. */
export default function RichTextInput({
  label,
  value,
  onChange,
  variant = 'full',
  placeholder = 'Start writing…',
  description,
  error,
  required,
  uploadImage,
}: RichTextInputProps) {
  const id = useId();
  const full = variant === 'full';
  // The last HTML this editor reported, so an outside change (a restored draft) is told apart.
  const last = useRef(value);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor({
    extensions: editorExtensions(variant, placeholder),
    content: full ? demoteH1(value) : value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        'aria-labelledby': `${id}-label`,
        ...(description ? { 'aria-describedby': `${id}-description` } : {}),
        'aria-multiline': 'true',
        role: 'textbox',
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
      ...(full ? { transformPastedHTML: demoteH1 } : {}),
      handlePaste: (_view, event) => handleFiles(imageFiles(event.clipboardData?.files)),
      handleDrop: (_view, event) => handleFiles(imageFiles((event as DragEvent).dataTransfer?.files)),
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      last.current = html;
      onChangeRef.current(html);
    },
  });

  function handleFiles(files: File[]): boolean {
    if (files.length === 0 || !editor) return false;
    if (!full || !uploadImage) {
      notifications.show({ color: 'red', message: 'Images cannot be added here.' });
      return true;
    }
    void insertImageFiles(editor, files, uploadImage);
    return true;
  }

  useEffect(() => {
    if (!editor || value === last.current) return;
    last.current = value;
    editor.commands.setContent((full ? demoteH1(value) : value) || '', { emitUpdate: false });
  }, [editor, value, full]);

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: `${id}-label` }}
      description={description}
      descriptionProps={{ id: `${id}-description` }}
      error={error}
      required={required}
    >
      <RichTextEditor editor={editor} className={classes.root} data-invalid={error ? true : undefined}
        labels={{ colorPickerControlLabel: 'Text colour', unsetColorControlLabel: 'Remove text colour' } as never}>
        <RichTextEditor.Toolbar sticky stickyOffset="var(--folio-sticky-offset, 0px)" className={classes.toolbar} aria-label={`${label} formatting`}>
          <RichTextEditor.ControlsGroup>
            {!full && <RichTextEditor.H1 />}
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <NormalTextControl />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            {full && <RichTextEditor.Code />}
            <RichTextEditor.Subscript />
            <RichTextEditor.Superscript />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.AlignLeft />
            <RichTextEditor.AlignCenter />
            <RichTextEditor.AlignRight />
            <RichTextEditor.AlignJustify />
            <IndentControls />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.OrderedList />
            <RichTextEditor.BulletList />
            <RichTextEditor.Blockquote />
            {full && <RichTextEditor.CodeBlock />}
          </RichTextEditor.ControlsGroup>
          {full && <CodeLanguageControl />}
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.ColorPicker colors={TEXT_COLORS} />
            <RichTextEditor.UnsetColor />
            <BackgroundColorControl />
            <FontControl />
            <FontSizeControl />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <LinkControl />
            <RichTextEditor.Unlink />
            {full && <ImageControl upload={uploadImage} />}
            {full && <VideoControl />}
            {full && <TableControl />}
            <ClearFormattingControl />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content className={classes.content} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

export { HIGHLIGHT_COLORS };
