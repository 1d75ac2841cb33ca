import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import type { Draft } from '@/lib/drafts';

type DraftOfferProps<T> = {
  offer: Draft<T> | null;
  /** Puts the draft's values into the form. */
  restore: (values: T) => void;
  accept: () => void;
  discard: () => void;
};

/** The local draft found when a form opens, offered back: Restore draft or Discard. */
export function DraftOffer<T>({ offer, restore, accept, discard }: DraftOfferProps<T>) {
  if (!offer) return null;
  return (
    <Alert variant="light" color="blue" icon={<IconRestore size={18} />} title="Unsaved draft found">
      <Text size="sm" mb="xs">
        You have changes from {new Date(offer.savedAt).toLocaleString()} that were not saved.
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          onClick={() => {
            restore(offer.values);
            accept();
          }}
        >
          Restore draft
        </Button>
        <Button size="xs" variant="default" onClick={discard}>
          Discard
        </Button>
      </Group>
    </Alert>
  );
}
