import { Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Loading } from '@/components/loading';
import { SafeHtml } from '@/components/safe-html';
import type { About } from '@/types/api';
import { useAbout } from '../api/get-about';

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
  const { data, isPending, isError, error, refetch, isRefetching } = useAbout();

  useEffect(() => {
    if (isError) console.error('Error loading About:', error);
  }, [isError, error]);

  if (isPending) return <Loading />;
  if (isError) return <Text c="red">Failed to load About data</Text>;

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{data.header || 'About'}</Title>
        <Button variant="default" size="xs" onClick={() => refetch()} loading={isRefetching}>
          Refresh Content
        </Button>
      </Group>

      {data.media &&
        (data.media.kind === 'video' ? (
          <video src={data.media.url} controls style={{ width: '100%', borderRadius: 8 }} />
        ) : (
          <Image src={data.media.url} alt="" radius="md" mah={480} fit="contain" />
        ))}

      {data.attachLinks.length > 0 && (
        <Group gap="xs">
          {data.attachLinks.map((link) => (
            <Button key={link.url} component="a" href={link.url} target="_blank" rel="noopener noreferrer" variant="light" size="xs">
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
            {isBlank(html) ? <Text c="dimmed">{fallback}</Text> : <SafeHtml html={html} />}
          </section>
        );
      })}
    </Stack>
  );
}
