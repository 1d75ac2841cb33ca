import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { Button, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useObjectUrl } from '@/hooks/use-object-url';

type MediaFieldProps = {
  label: string;
  /** Accepted types for the file picker. */
  accept: string;
  /** The saved file's URL, null when none. */
  current: string | null;
  file: File | null;
  removed: boolean;
  onPick: (file: File | null) => void;
  onRemove: () => void;
  error?: string | null;
  description?: string;
  /** 'image' previews as an image; 'media' also previews video. */
  kind?: 'image' | 'media';
  /** Whether a saved file can be removed (false: only a newly picked one). */
  canRemoveSaved?: boolean;
};

const isVideo = (type: string, url: string) => type.startsWith('video/') || /\.(mp4|webm|mov|ogg)$/i.test(url);

/** A picked or saved file with its preview, a Replace and a Remove button. */
export function MediaField({ label, accept, current, file, removed, onPick, onRemove, error, description, kind = 'image', canRemoveSaved = true }: MediaFieldProps) {
  const preview = useObjectUrl(file ?? null);
  const shown = preview ?? (removed ? null : current);
  const video = shown && kind === 'media' && isVideo(file?.type ?? '', shown);
  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Paper withBorder radius="md" p="sm" mt={4}>
        <Group align="center" gap="md" wrap="nowrap">
          {shown ? (
            video ? (
              <video src={shown} width={120} height={80} muted style={{ borderRadius: 6, objectFit: 'cover' }} aria-label="Media preview" />
            ) : (
              <Image src={shown} alt="Media preview" w={120} h={80} fit="cover" radius="sm" />
            )
          ) : (
            <Stack w={120} h={80} align="center" justify="center" gap={2}
              style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 6, flex: 'none' }}>
              <IconPhoto size={22} stroke={1.5} aria-hidden />
              <Text size="xs" c="dimmed">No media</Text>
            </Stack>
          )}
          <Stack gap={6} miw={0}>
            {file && <Text size="sm" truncate>{file.name}</Text>}
            <Group gap="xs">
              <FileButton accept={accept} onChange={onPick}>
                {(props) => (
                  <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={14} />}>
                    {shown ? 'Replace' : 'Choose file'}
                  </Button>
                )}
              </FileButton>
              {(file || (shown && canRemoveSaved)) && (
                <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={onRemove} aria-label={`Remove ${label.toLowerCase()}`}>
                  Remove
                </Button>
              )}
            </Group>
          </Stack>
        </Group>
      </Paper>
    </Input.Wrapper>
  );
}
