import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Alert, Anchor, Avatar, Button, Grid, Group, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { ADMIN_TEXT, contentAlerts } from '@/config/constants';
import { useObjectUrl } from '@/hooks/use-object-url';
import { draftKey } from '@/lib/drafts';
import { parseApiError } from '@/lib/errors';
import { cleanTitledLinks, rowsOf, type TitledLink } from '@/lib/rows';
import type { AdminProfile } from '@/types/api';
import { useAdminProfile, useSaveProfile } from '../api/profile';
import { useFormDraft } from '../hooks/use-form-draft';
import { DraftOffer } from './draft-offer';
import { LinkRows } from './link-rows';
import { MediaField } from './media-field';

type ProfileValues = { heading: string; bio: string; socialLinks: TitledLink[] };

const valuesOf = (p: AdminProfile): ProfileValues => ({
  heading: p.heading,
  bio: p.bio,
  socialLinks: rowsOf(p.socialLinks, { title: '', url: '' }),
});

const alerts = contentAlerts('Profile');

function ProfileEditor({ profile }: { profile: AdminProfile }) {
  const saved = useMemo(() => valuesOf(profile), [profile]);
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: saved,
    validateInputOnChange: ['heading', 'bio'],
    validateInputOnBlur: ['heading', 'bio'],
    validate: { heading: isNotEmpty(ADMIN_TEXT.headingRequired), bio: isNotEmpty(ADMIN_TEXT.bioRequired) },
  });
  // A newer saved profile (another tab, another admin) replaces an untouched form.
  useEffect(() => {
    if (!form.isDirty()) {
      form.setInitialValues(saved);
      form.setValues(saved);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
  const [image, setImage] = useState<File | null>(null);
  const imageUrl = useObjectUrl(image);
  const [imageError, setImageError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const draft = useFormDraft(draftKey('profile'), form.values, saved);
  const save = useSaveProfile();
  const exists = profile.id !== null;
  const invalid = !form.values.heading.trim() || !form.values.bio.trim();

  const submit = form.onSubmit((values) => {
    setNotice(null);
    save.mutate(
      { exists, heading: values.heading.trim(), bio: values.bio.trim(), image, socialLinks: cleanTitledLinks(values.socialLinks) },
      {
        onSuccess: () => {
          draft.clear();
          setImage(null);
          setNotice({ ok: true, message: exists ? alerts.updated : alerts.created });
        },
        onError: (err) => {
          const parsed = parseApiError(err);
          setNotice({ ok: false, message: exists ? alerts.updateFailed(parsed.message) : alerts.createFailed(parsed.message) });
          const { image: imageMsg, ...fields } = parsed.fieldErrors;
          form.setErrors(fields);
          if (imageMsg) setImageError(imageMsg);
        },
      },
    );
  });

  const links = cleanTitledLinks(form.values.socialLinks);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Paper component="form" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} onSubmit={submit} noValidate aria-label="Profile">
          <Stack gap="md">
            <DraftOffer offer={draft.offer} restore={form.setValues} accept={draft.accept} discard={draft.discard} />
            {notice && (
              <Alert color={notice.ok ? 'green' : 'red'} variant="light" role={notice.ok ? 'status' : 'alert'}
                withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(null)}>
                {notice.message}
              </Alert>
            )}
            <TextInput label="Heading" description="Your name or the site's title" required {...form.getInputProps('heading')} />
            <Textarea label="Bio" required autosize minRows={3} maxRows={8} {...form.getInputProps('bio')} />
            <MediaField
              label="Image"
              accept="image/*"
              current={profile.image}
              file={image}
              removed={false}
              canRemoveSaved={false}
              onPick={(file) => {
                if (file && !file.type.startsWith('image/')) return setImageError('Image must be an image file');
                setImageError(null);
                setImage(file);
              }}
              onRemove={() => setImage(null)}
              error={imageError}
            />
            <LinkRows
              label="Social links"
              description="Shown in the left sidebar, e.g. GitHub · https://github.com/you"
              rows={form.values.socialLinks}
              onChange={(rows) => form.setFieldValue('socialLinks', rows)}
              addLabel="Add social link"
              error={form.errors.socialLinks as string | undefined}
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={invalid} loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
                Save profile
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Paper withBorder radius="md" p="lg" component="aside" aria-label="Sidebar preview">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb="md">Sidebar preview</Text>
          <Stack align="center" gap="xs" ta="center">
            <Avatar src={imageUrl ?? profile.image} size={96} radius={96} alt="" />
            <Title order={3} size="h4">{form.values.heading || 'Your heading'}</Title>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>{form.values.bio || 'Your bio'}</Text>
            {links.length > 0 && (
              <Group gap="xs" justify="center">
                {links.map((l) => (
                  <Anchor key={`${l.title}${l.url}`} href={l.url} target="_blank" rel="noopener noreferrer" size="sm">{l.title}</Anchor>
                ))}
              </Group>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

/** The Profile tab. */
export function ProfilePanel() {
  const profile = useAdminProfile();
  if (profile.isPending) return <Skeleton h={420} radius="md" />;
  if (profile.isError) return <Alert color="red" variant="light">The profile could not be loaded.</Alert>;
  return <ProfileEditor profile={profile.data} />;
}
