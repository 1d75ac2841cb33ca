import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconHeart, IconHeartFilled, IconShare } from '@tabler/icons-react';
import { MESSAGES } from '@/config/constants';
import { paths } from '@/config/paths';
import { currentPath } from '@/lib/return-to';
import { parseApiError } from '@/lib/errors';
import { pluralize } from '@/lib/format';
import type { ItemType, LikeResponse } from '@/types/api';
import { useToggleLike } from '../api/toggle-like';
import classes from './engagement.module.css';

type EngagementStatsProps = {
  type: ItemType;
  id: string;
  signedIn: boolean;
  liked: boolean;
  likeCount: number;
  shareCount: number;
  viewCount: number;
  onLiked: (res: LikeResponse) => void;
};

/** Like button with its count (a red heart when liked), then the share and view counts. */
export function EngagementStats({ type, id, signedIn, liked, likeCount, shareCount, viewCount, onLiked }: EngagementStatsProps) {
  const like = useToggleLike({
    mutationConfig: {
      onSuccess: onLiked,
      onError: (error) =>
        notifications.show({ color: 'red', message: parseApiError(error, MESSAGES.likeFailed).message }),
    },
  });

  const onLike = () => {
    if (!signedIn) {
      // The spec's sentence, and a way forward: sign in, then come back to this page.
      notifications.show({
        color: 'yellow',
        message: (
          <Group gap="xs" wrap="wrap" justify="space-between">
            <span>{MESSAGES.loginToLike[type]}</span>
            <Anchor href={paths.login.getHref(currentPath())} fw={600} size="sm" underline="always">
              {MESSAGES.logInAction}
            </Anchor>
          </Group>
        ),
      });
      return;
    }
    like.mutate({ type, id });
  };

  const Heart = liked ? IconHeartFilled : IconHeart;
  return (
    <Group gap="md" className="item-stats" wrap="wrap">
      <Button
        variant="default"
        radius="xl"
        size="compact-md"
        aria-pressed={liked}
        loading={like.isPending}
        onClick={onLike}
        leftSection={<Heart size={18} aria-hidden className={liked ? classes.liked : undefined} />}
        data-liked={liked || undefined}
      >
        <span className="like-count">{pluralize(likeCount, 'Like')}</span>
      </Button>
      <Text size="sm" c="dimmed" className={classes.stat}>
        <IconShare size={16} stroke={1.75} aria-hidden />
        <span className="share-count">{pluralize(shareCount, 'Share')}</span>
      </Text>
      <Text size="sm" c="dimmed" className={classes.stat}>
        <IconEye size={16} stroke={1.75} aria-hidden />
        <span className="view-count">{pluralize(viewCount, 'View')}</span>
      </Text>
    </Group>
  );
}
