import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandFacebook, IconBrandLinkedin, IconBrandX, IconLink } from '@tabler/icons-react';
import { MESSAGES, SHARE_TARGETS, SHARE_WINDOW_FEATURES } from '@/config/constants';
import { IdleTooltip } from '@/components/idle-tooltip';
import { shareUrl, type ShareNetwork } from '@/lib/share';
import type { ItemType } from '@/types/api';
import { useShareItem } from '../api/share-item';

const NETWORK_ICONS = { twitter: IconBrandX, facebook: IconBrandFacebook, linkedin: IconBrandLinkedin } as const;

type ShareButtonsProps = {
  type: ItemType;
  id: string;
  title: string;
  onShared: (shareCount: number) => void;
};

/**
 * Twitter/X, Facebook and LinkedIn open their share page in a new window (no share call);
 * Copy link copies the address and counts a share.
 */
export function ShareButtons({ type, id, title, onShared }: ShareButtonsProps) {
  const share = useShareItem();

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
    } catch {
      notifications.show({ color: 'red', message: MESSAGES.copyFailed });
      return;
    }
    notifications.show({ color: 'teal', message: MESSAGES.linkCopied });
    share.mutate(
      { type, id },
      {
        onSuccess: (res) => onShared(res.shareCount),
        onError: (error) => console.error('Error recording share:', error),
      },
    );
  };

  return (
    <Group gap="xs" className="item-share" wrap="wrap">
      <Text size="sm" fw={600} component="span">
        Share
      </Text>
      {(Object.keys(SHARE_TARGETS) as ShareNetwork[]).map((network) => {
        const NetworkIcon = NETWORK_ICONS[network];
        const { label } = SHARE_TARGETS[network];
        return (
          <IdleTooltip key={network} label={label} withArrow openDelay={300}>
            <ActionIcon
              variant="default"
              size="lg"
              radius="xl"
              aria-label={label}
              data-network={network}
              onClick={() => window.open(shareUrl(network, window.location.href, title), '_blank', SHARE_WINDOW_FEATURES)}
            >
              <NetworkIcon size={18} stroke={1.75} aria-hidden />
            </ActionIcon>
          </IdleTooltip>
        );
      })}
      <Button
        variant="default"
        radius="xl"
        size="compact-md"
        leftSection={<IconLink size={16} stroke={1.75} aria-hidden />}
        onClick={copyLink}
      >
        Copy link
      </Button>
    </Group>
  );
}
