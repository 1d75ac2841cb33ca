import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Alert, Button, Group, Image, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconEdit } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RichTextInput } from '@/components/rich-text';
import { SafeHtml } from '@/components/safe-html';
import { ADMIN_TEXT } from '@/config/constants';
import { getSessionUser } from '@/lib/auth';
import { draftKey } from '@/lib/drafts';
import { cleanTitledLinks, rowsOf, type TitledLink } from '@/lib/rows';
import type { AdminAbout } from '@/types/api';
import { ABOUT_SECTIONS, useAdminAbout, useSaveAbout, type AboutSection } from '../api/about';
import { useFormDraft } from '../hooks/use-form-draft';
import { DraftOffer } from './draft-offer';
import { LinkRows } from './link-rows';
import { MediaField } from './media-field';
import classes from './about-panel.module.css';

type AboutValues = Record<AboutSection | 'header', string> & { attachLinks: TitledLink[] };

const valuesOf = (a: AdminAbout): AboutValues => ({
  header: a.header,
  ...(Object.fromEntries(ABOUT_SECTIONS.map(({ key }) => [key, a[key] ?? ''])) as Record<AboutSection, string>),
  attachLinks: rowsOf(a.attachLinks, { title: '', url: '' }),
});

const isBlank = (html: string) => !/<(img|iframe|video)\b/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';

const MEDIA_ACCEPT = 'image/*,video/*';

/** The header first, then the sections, each a rich-text field. */
const EDITABLE = [{ key: 'header', label: 'Header' } as const, ...ABOUT_SECTIONS];

function AboutRead({ about }: { about: AdminAbout }) {
  return (
    <Stack gap="lg">
      {isBlank(about.header) ? <Title order={3}>About</Title> : <SafeHtml html={about.header} className={classes.header} />}
      {about.media &&
        (about.media.kind === 'video' ? (
          <video src={about.media.url} controls style={{ width: '100%', maxHeight: 360, borderRadius: 8 }} />
        ) : (
          <Image src={about.media.url} alt="" radius="md" mah={320} fit="contain" />
        ))}
      {about.attachLinks.length > 0 && (
        <Group gap="xs">
          {about.attachLinks.map((link) => (
            <Button key={link.url} component="a" href={link.url} target="_blank" rel="noopener noreferrer" variant="light" size="xs">
              {link.title}
            </Button>
          ))}
        </Group>
      )}
      {ABOUT_SECTIONS.map(({ key, label }) => (
        <section key={key} aria-labelledby={`admin-about-${key}`} className={classes.section}>
          <Title order={4} id={`admin-about-${key}`} className={classes.sectionTitle}>{label}</Title>
          {isBlank(about[key]) ? <Text c="dimmed" size="sm">Nothing here yet.</Text> : <SafeHtml html={about[key]} className={classes.prose} />}
        </section>
      ))}
    </Stack>
  );
}

function AboutEdit({ about, onDone }: { about: AdminAbout; onDone: (message: string) => void }) {
  const saved = useMemo(() => valuesOf(about), [about]);
  const form = useForm<AboutValues>({ mode: 'controlled', initialValues: saved });
  const [section, setSection] = useState<AboutSection | 'header'>('header');
  const [media, setMedia] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const draft = useFormDraft(draftKey('about'), form.values, saved);
  const save = useSaveAbout();

  const submit = form.onSubmit(({ attachLinks, ...fields }) => {
    setError('');
    if (!getSessionUser()) return setError(ADMIN_TEXT.notAuthenticated);
    save.mutate(
      { ...fields, exists: about.id !== null, media, attachLinks: cleanTitledLinks(attachLinks) },
      {
        onSuccess: () => {
          draft.clear();
          onDone('About saved.');
        },
        onError: (err) => {
          console.error('Error submitting About:', err);
          setError(ADMIN_TEXT.aboutFailed);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Edit About">
    <Stack gap="md">
      <DraftOffer offer={draft.offer} restore={form.setValues} accept={draft.accept} discard={draft.discard} />
      {error && <Alert color="red" variant="light" role="alert">{error}</Alert>}
      <MediaField
        label="Media"
        description="One image, GIF or video"
        accept={MEDIA_ACCEPT}
        kind="media"
        current={about.media?.url ?? null}
        file={media}
        removed={false}
        canRemoveSaved={false}
        onPick={setMedia}
        onRemove={() => setMedia(null)}
      />
      <LinkRows
        label="Attachment links"
        rows={form.values.attachLinks}
        onChange={(rows) => form.setFieldValue('attachLinks', rows)}
        addLabel="Add link"
      />
      <Tabs value={section} onChange={(v) => v && setSection(v as AboutSection | 'header')} variant="pills" keepMounted={false}>
        <Tabs.List aria-label="About sections" mb="sm">
          {EDITABLE.map(({ key, label }) => (
            <Tabs.Tab key={key} value={key}>{label}</Tabs.Tab>
          ))}
        </Tabs.List>
        {EDITABLE.map(({ key, label }) => (
          <Tabs.Panel key={key} value={key}>
            <RichTextInput
              label={label}
              variant="about"
              value={form.values[key]}
              onChange={(html) => form.setFieldValue(key, html)}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => (draft.dirty ? setConfirmCancel(true) : onDone(''))}>Cancel</Button>
        <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>Save About</Button>
      </Group>
    </Stack>
    <ConfirmDialog
      opened={confirmCancel}
      title="Discard your changes?"
      message="The changes to the About page have not been saved."
      confirmLabel="Discard changes"
      onCancel={() => setConfirmCancel(false)}
      onConfirm={() => {
        setConfirmCancel(false);
        draft.discard();
        onDone('');
      }}
    />
    </form>
  );
}

/** The About tab: view mode, and edit mode behind Edit About; a save returns to view mode. */
export function AboutPanel() {
  const about = useAdminAbout();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState('');
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={2} size="h3">About</Title>
          <Text size="sm" c="dimmed">{editing ? 'Editing the About page' : 'What readers see on /about'}</Text>
        </div>
        {!editing && (
          <Button leftSection={<IconEdit size={16} />} onClick={() => { setNotice(''); setEditing(true); }} disabled={!about.data}>
            {ADMIN_TEXT.editAbout}
          </Button>
        )}
      </Group>
      {notice && (
        <Alert color="green" variant="light" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice('')}>
          {notice}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        {about.isPending ? (
          <Skeleton h={300} />
        ) : about.isError ? (
          <Text c="red">Failed to load About data</Text>
        ) : editing ? (
          <AboutEdit about={about.data} onDone={(message) => { setNotice(message); setEditing(false); }} />
        ) : (
          <AboutRead about={about.data} />
        )}
      </Paper>
    </Stack>
  );
}
