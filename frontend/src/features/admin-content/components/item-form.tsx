import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Alert, Button, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { useAdminProfile } from '../api/profile';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RichTextInput } from '@/components/rich-text';
import { ADMIN_TEXT, contentAlerts, MAX_IMAGE_BYTES, MAX_TITLE_LENGTH, TITLE_COUNTER_FROM } from '@/config/constants';
import { parseApiError } from '@/lib/errors';
import { draftKey } from '@/lib/drafts';
import { canRemoveCategoryRow, canRemoveLinkRow, cleanEntries, rowsOf } from '@/lib/rows';
import type { AdminItem, ItemDetail, ItemType } from '@/types/api';
import { useSaveItem } from '../api/save-item';
import { uploadItemImage } from '../api/upload-item-image';
import { useFormDraft } from '../hooks/use-form-draft';
import { DraftOffer } from './draft-offer';
import { MediaField } from './media-field';
import { PublishActions, type PublishIntent } from './publish-actions';
import { StringRows } from './string-rows';

export type ItemFormValues = {
  title: string;
  author: string;
  date: string;
  description: string;
  tags: string;
  categories: string[];
  links: string[];
  /** The cover's alt text; empty means the title. */
  mediaAlt: string;
};

/** Today as YYYY-MM-DD in the author's time zone (the form's default date). */
export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A saved item's values, or a new one's: today, and the profile's name as the author. */
export function initialItemValues(item?: ItemDetail, defaultAuthor = ''): ItemFormValues {
  if (!item) return { title: '', author: defaultAuthor, date: today(), description: '', tags: '', categories: [''], links: [''], mediaAlt: '' };
  const categories = item.categories.length === 1 && item.categories[0] === 'Uncategorized' ? [''] : item.categories;
  return {
    title: item.title,
    author: item.author,
    date: item.date || today(),
    description: item.description,
    tags: item.tags.join(', '),
    categories: rowsOf(categories, ''),
    links: item.type === 'blog' ? rowsOf(item.attachLinks, '') : [item.attachLink ?? ''],
    mediaAlt: item.mediaAlt ?? '',
  };
}

/** The saved notice names what happened to the item's visibility. */
const savedMessage = (item: AdminItem, message: string) =>
  item.status === 'draft' ? `${message} It is a draft: only you can see it.`
    : item.status === 'scheduled' && item.publishAt && Date.parse(item.publishAt) > Date.now() ? `${message} It is scheduled.`
      : message;

const labelOf = (type: ItemType) => (type === 'blog' ? 'Blog' : 'Project');

type ItemFormProps = {
  type: ItemType;
  item?: AdminItem;
  onSaved: (item: AdminItem, message: string) => void;
  onCancel?: () => void;
};

/** Create or edit one blog or project; what is typed is kept as a local draft until saved. */
export function ItemForm({ type, item, onSaved, onCancel }: ItemFormProps) {
  const label = labelOf(type);
  const alerts = contentAlerts(label);
  const profileName = useAdminProfile().data?.heading.trim() ?? '';
  const saved = useMemo(() => initialItemValues(item, profileName), [item, profileName]);
  const form = useForm<ItemFormValues>({
    mode: 'controlled',
    initialValues: saved,
    validateInputOnChange: ['title', 'author'],
    validateInputOnBlur: ['title', 'author'],
    validate: {
      title: (value) =>
        !value.trim() ? ADMIN_TEXT.titleRequired : value.trim().length > MAX_TITLE_LENGTH ? ADMIN_TEXT.titleTooLong : null,
      author: isNotEmpty(ADMIN_TEXT.authorRequired),
    },
  });
  const [media, setMedia] = useState<File | null>(null);
  const [removeMedia, setRemoveMedia] = useState(false);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [linksError, setLinksError] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const draft = useFormDraft(draftKey(type, item?.id), form.values, saved);
  const save = useSaveItem();

  const invalid = !form.values.title.trim() || !form.values.author.trim() || mediaError !== null
    || form.values.title.trim().length > MAX_TITLE_LENGTH;
  const id = item?.id;

  // A new item's author starts as the profile's name once it has loaded, unless one was typed.
  const untouchedAuthor = !item && form.values.author === '' && !form.isTouched('author');
  useEffect(() => {
    if (untouchedAuthor && profileName) {
      form.setInitialValues(initialItemValues(undefined, profileName));
      form.setFieldValue('author', profileName);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- form is stable; runs when the name arrives
  }, [untouchedAuthor, profileName]);
  const titleLength = form.values.title.trim().length;

  const pickMedia = (file: File | null) => {
    if (file && !file.type.startsWith('image/')) {
      setMediaError(ADMIN_TEXT.mediaImagesOnly);
      setMedia(null);
      return;
    }
    // Refused at once, before 10 MB travel to the server only to be turned down there.
    if (file && file.size > MAX_IMAGE_BYTES) {
      setMediaError(ADMIN_TEXT.mediaTooLarge);
      setMedia(null);
      return;
    }
    setMediaError(null);
    setMedia(file);
    setRemoveMedia(false);
  };

  // Enter keeps an item's status (a new one is published); the buttons say which (PublishActions).
  const saveAs = (intent?: PublishIntent) => form.onSubmit((values) => {
    setError('');
    setLinksError(null);
    if (intent?.today) form.setFieldValue('date', today());
    save.mutate(
      {
        type,
        id,
        status: intent?.status,
        publishAt: intent?.publishAt,
        title: values.title.trim(),
        author: values.author.trim(),
        date: (intent?.today ? today() : values.date) || today(),
        description: values.description,
        tags: cleanEntries(values.tags.split(',')),
        categories: cleanEntries(values.categories),
        links: cleanEntries(values.links),
        media,
        removeMedia,
        mediaAlt: values.mediaAlt.trim(),
      },
      {
        onSuccess: (result) => {
          draft.clear();
          if (!id) {
            form.setInitialValues(initialItemValues());
            form.reset();
            setMedia(null);
          }
          onSaved(result, savedMessage(result, id ? alerts.updated : alerts.created));
        },
        onError: (err) => {
          // Everything typed stays in the form (and in the draft).
          const parsed = parseApiError(err);
          // The banner says what the field says, not PocketBase's "Failed to save the submitted data."
          const reason = Object.values(parsed.fieldErrors)[0] ?? parsed.message;
          setError(id ? alerts.updateFailed(reason) : alerts.createFailed(reason));
          const { media: mediaMsg, attachLinks, attachLink, ...fields } = parsed.fieldErrors;
          form.setErrors(fields);
          if (mediaMsg) setMediaError(mediaMsg);
          if (attachLinks || attachLink) setLinksError(attachLinks ?? attachLink ?? null);
        },
      },
    );
  });
  const submit = saveAs();

  const noun = label.toLowerCase();
  return (
    <Paper component="form" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} onSubmit={submit} noValidate
      aria-label={id ? `Edit ${noun}` : `New ${noun}`}>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={3} size="h4">{id ? `Edit ${noun}` : `New ${noun}`}</Title>
          {draft.dirty && <Text size="xs" c="dimmed">Draft saved on this device</Text>}
        </Group>
        <DraftOffer offer={draft.offer} restore={form.setValues} accept={draft.accept} discard={draft.discard} />
        {error && (
          <Alert color="red" variant="light" role="alert">{error}</Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <TextInput label="Title" required {...form.getInputProps('title')}
              description={titleLength >= TITLE_COUNTER_FROM ? `${titleLength} / ${MAX_TITLE_LENGTH} characters` : undefined}
              inputWrapperOrder={['label', 'input', 'description', 'error']} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TextInput label="Date" type="date" {...form.getInputProps('date')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput label="Author" required {...form.getInputProps('author')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput label="Tags" description="Separate tags with commas" placeholder="go, web, notes"
              {...form.getInputProps('tags')} />
          </Grid.Col>
        </Grid>
        <MediaField
          label="Media"
          description="Cover image: JPEG, PNG, GIF or WebP"
          accept="image/*"
          current={item?.media ?? null}
          file={media}
          removed={removeMedia}
          onPick={pickMedia}
          onRemove={() => {
            setMedia(null);
            setMediaError(null);
            setRemoveMedia(true);
          }}
          error={mediaError}
        />
        {(media || (item?.media && !removeMedia)) && (
          <TextInput label="Cover alt text" description="What the cover shows, for readers who cannot see it; the title when left empty"
            placeholder={form.values.title.trim() || undefined} {...form.getInputProps('mediaAlt')} />
        )}
        <RichTextInput
          label="Description"
          value={form.values.description}
          onChange={(html) => form.setFieldValue('description', html)}
          error={form.errors.description as string | undefined}
          uploadImage={uploadItemImage}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <StringRows
              label="Categories"
              description="The first is the main category; the others are sub-categories"
              rows={form.values.categories}
              onChange={(rows) => form.setFieldValue('categories', rows)}
              rowLabel={(i) => (i === 0 ? 'Main category' : `Sub-category ${i}`)}
              canRemove={(i) => canRemoveCategoryRow(i)}
              addLabel="Add sub-category"
              error={form.errors.categories as string | undefined}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            {type === 'blog' ? (
              <StringRows
                label="Links"
                description="Shown as Read 1, Read 2… under the post"
                rows={form.values.links}
                onChange={(rows) => form.setFieldValue('links', rows)}
                rowLabel={(i) => `Link ${i + 1}`}
                canRemove={(_, count) => canRemoveLinkRow(count)}
                addLabel="Add link"
                type="url"
                error={linksError}
              />
            ) : (
              <TextInput label="Project link" description="Shown as Visit Project" type="url" placeholder="https://…"
                value={form.values.links[0] ?? ''} error={linksError}
                onChange={(e) => form.setFieldValue('links', [e.currentTarget.value])} />
            )}
          </Grid.Col>
        </Grid>
        <Group justify="space-between" align="center" gap="sm">
          <Text size="xs" c="dimmed" aria-live="polite">
            {invalid && !mediaError ? 'A title and an author are needed to save.' : ''}
          </Text>
        </Group>
        <PublishActions status={item?.status} publishAt={item?.publishAt} date={form.values.date} today={today()} noun={noun}
          disabled={invalid} loading={save.isPending} onSave={(intent) => saveAs(intent)()}
          leading={onCancel && (
            <Button variant="default" onClick={() => (draft.dirty ? setConfirmCancel(true) : onCancel())}>
              Cancel
            </Button>
          )} />
      </Stack>
      <ConfirmDialog
        opened={confirmCancel}
        title="Discard your changes?"
        message={`The changes to this ${noun} have not been saved.`}
        confirmLabel="Discard changes"
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => {
          setConfirmCancel(false);
          draft.discard();
          onCancel?.();
        }}
      />
    </Paper>
  );
}
