import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/AspectRatio.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { AspectRatio, Button, Group, Image, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Loading } from '@/components/loading';
import { SafeHtml } from '@/components/safe-html';
import { MESSAGES } from '@/config/constants';
import { useDeferredQuery } from '@/lib/react-query';
import type { About } from '@/types/api';
import { useAbout } from '../api/get-about';
import classes from './about-view.module.css';

type Section = { key: keyof About; title: string; fallback: string };

const SECTIONS: Section[] = [
  { key: 'profile', title: 'Profile', fallback: 'No profile yet.' },
  { key: 'skills', title: 'Skills', fallback: 'No skills listed.' },
  { key: 'projects', title: 'Projects', fallback: 'No projects listed.' },
  { key: 'awards', title: 'Awards', fallback: 'No awards listed.' },
  { key: 'references', title: 'References', fallback: 'No references listed.' },
  { key: 'experience', title: 'Experience', fallback: 'No experience listed.' },
  { key: 'courses', title: 'Courses', fallback: 'No courses listed.' },
  { key: 'languages', title: 'Languages', fallback: 'No languages listed.' },
  { key: 'interests', title: 'Interests', fallback: 'No interests listed.' },
  { key: 'declaration', title: 'Motivation', fallback: 'No motivation given.' },
];

const isBlank = (html: string) =>
  !/<(img|iframe|video)\b/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';

/** The owner's About page: header, rich-text sections, links and one media item. */
export function AboutView() {
  const { data, isPending, isError, error, refetch, isRefetching } = useDeferredQuery(useAbout());

  useEffect(() => {
    if (isError) console.error('Error loading About:', error);
  }, [isError, error]);

  if (isPending) return <Loading />;
  const refresh = (
    <Button
      variant="default"
      size="xs"
      onClick={() => refetch()}
      loading={isRefetching}
      leftSection={<IconRefresh size={14} aria-hidden />}
    >
      Refresh Content
    </Button>
  );

  if (isError) {
    return (
      <Stack gap="md" align="flex-start">
        <Text c="red" role="alert">
          {MESSAGES.aboutFailed}
        </Text>
        {refresh}
      </Stack>
    );
  }

  return (
    <Stack gap="xl" className={classes.root}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        {isBlank(data.header) ? (
          <Title order={1} size="h2">
            About
          </Title>
        ) : (
          <div className={classes.headerBox}>
            <VisuallyHidden component="h1">About</VisuallyHidden>
            <SafeHtml html={data.header} className={classes.header} />
          </div>
        )}
        {refresh}
      </Group>

      {data.media &&
        (data.media.kind === 'video' ? (
          <AspectRatio ratio={16 / 9}>
            <video src={data.media.url} controls preload="metadata" className={classes.media} />
          </AspectRatio>
        ) : (
          <AspectRatio ratio={16 / 9}>
            <Image src={data.media.url} alt="" radius="md" fit="contain" loading="lazy" className={classes.media} />
          </AspectRatio>
        ))}

      {data.attachLinks.length > 0 && (
        <Group gap="xs" wrap="wrap">
          {data.attachLinks.map((link) => (
            <Button key={link.url} component="a" href={link.url} target="_blank" rel="noopener noreferrer" variant="light" size="xs" maw="100%">
              {link.title}
            </Button>
          ))}
        </Group>
      )}

      {SECTIONS.map(({ key, title, fallback }) => {
        const html = String(data[key] ?? '');
        return (
          <section key={key} aria-labelledby={`about-${key}`}>
            <Title order={2} size="h3" id={`about-${key}`} mb="xs">
              {title}
            </Title>
            {isBlank(html) ? <Text c="dimmed">{fallback}</Text> : <SafeHtml html={html} className={classes.section} />}
          </section>
        );
      })}
    </Stack>
  );
}
