import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { Avatar, Group, Skeleton, Stack, Text } from '@mantine/core';
import { PROFILE_THUMB } from '@/config/constants';
import { useProfile } from '../api/get-profile';

const initials = (heading: string) =>
  heading
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('') || 'F';

/** Profile image, heading and bio, as set by the owner. */
export function ProfileCard({ layout = 'stack' }: { layout?: 'stack' | 'row' }) {
  const { data, isPending } = useProfile();
  if (isPending) {
    return (
      <Stack gap="xs" aria-hidden>
        <Skeleton circle height={88} />
        <Skeleton height={14} width="70%" />
        <Skeleton height={10} width="90%" />
      </Stack>
    );
  }
  const heading = data?.heading || 'Folio';
  const avatar = (
    <Avatar
      src={data?.image ? `${data.image}?thumb=${PROFILE_THUMB}` : null}
      alt={data?.image ? heading : undefined}
      size={layout === 'row' ? 64 : 88}
      radius="50%"
      color="blue"
    >
      {initials(heading)}
    </Avatar>
  );
  const text = (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Text fw={700} fz="lg" lh={1.3}>
        {heading}
      </Text>
      {data?.bio && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {data.bio}
        </Text>
      )}
    </Stack>
  );
  return layout === 'row' ? (
    <Group wrap="nowrap" align="center">
      {avatar}
      {text}
    </Group>
  ) : (
    <Stack gap="sm">
      {avatar}
      {text}
    </Stack>
  );
}
