import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/TableOfContents.layer.css';
import { Collapse, Paper, TableOfContents as MantineToc, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconListDetails } from '@tabler/icons-react';
import { InAside } from '@/components/layout/aside-slot';
import { HEADER_HEIGHT, TOC_MIN_HEADINGS } from '@/config/constants';
import type { ArticleHeading } from '@/lib/article-html';

const SPY_SELECTOR = '.item-body :is(h2, h3)';

function TocLinks({ headings }: { headings: ArticleHeading[] }) {
  return (
    <MantineToc
      variant="light"
      size="sm"
      radius="sm"
      minDepthToOffset={1}
      depthOffset={12}
      scrollSpyOptions={{ selector: SPY_SELECTOR, offset: HEADER_HEIGHT + 16 }}
      initialData={headings.map((h) => ({ id: h.id, value: h.text, depth: h.depth }))}
      getControlProps={({ data, active }) => ({
        component: 'a',
        href: `#${data.id}`,
        children: data.value,
        'aria-current': active ? 'location' : undefined,
        className: 'toc-link',
      })}
    />
  );
}

/**
 * Its classes are global (styles/server-page.css): the server's copy of an article draws the
 * same table of contents (pages/templates/article.html) before the app starts.
 *
 * The article's headings with the current one highlighted while scrolling: in the right
 * sidebar on wide screens, collapsible above the article otherwise. Shown from three headings.
 */
export function TableOfContents({ headings }: { headings: ArticleHeading[] }) {
  const [opened, { toggle }] = useDisclosure(false);
  if (headings.length < TOC_MIN_HEADINGS) return null;
  return (
    <InAside
      fallback={
        <Paper withBorder radius="md" className="toc-inline item-toc" component="nav" aria-label="Table of contents">
          <UnstyledButton onClick={toggle} aria-expanded={opened} aria-controls="toc-inline" className="toc-toggle">
            <IconListDetails size={16} aria-hidden />
            <Text span fw={600} size="sm" style={{ flex: 1 }}>
              Contents
            </Text>
            <IconChevronDown size={16} aria-hidden className="toc-chevron" data-opened={opened || undefined} />
          </UnstyledButton>
          <Collapse expanded={opened} id="toc-inline">
            <div className="toc-inline-list">
              <TocLinks headings={headings} />
            </div>
          </Collapse>
        </Paper>
      }
    >
      <nav aria-labelledby="toc-heading" className="item-toc">
        <Text component="h2" fw={700} size="md" id="toc-heading" mb="sm">
          Contents
        </Text>
        <TocLinks headings={headings} />
      </nav>
    </InAside>
  );
}
