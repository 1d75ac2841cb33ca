import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import { ActionIcon, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { IdleTooltip } from '@/components/idle-tooltip';
import { whenIdle } from '@/lib/idle';
import classes from './code-blocks.module.css';

type Block = { host: HTMLElement; code: string };

/**
 * Enhances the article's code blocks: a copy button on each, and syntax colours from a
 * highlighter that is only downloaded when the page has code.
 */
export function CodeBlocks({ container: ref, html }: { container: RefObject<HTMLElement | null>; html: string }) {
  const [blocks, setBlocks] = useState<Block[]>([]);

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const pres = Array.from(container.querySelectorAll('pre'));
    if (pres.length === 0) return;
    let live = true;
    const found = pres.map((pre) => {
      const wrapper = document.createElement('div');
      wrapper.className = `${classes.block} item-code`;
      pre.replaceWith(wrapper);
      wrapper.append(pre);
      const host = document.createElement('div');
      host.className = `${classes.actions}`;
      wrapper.append(host);
      return { host, code: pre.textContent ?? '' };
    });
    // The state mirrors DOM nodes created just above (an external system), not derived data.
    setBlocks(found);
    import('@/lib/highlight')
      .then(async ({ highlightCode }) => {
        // One block per idle moment: a long article's code never blocks the page in one go.
        for (const code of container.querySelectorAll<HTMLElement>('pre code')) {
          await whenIdle();
          if (!live) return;
          highlightCode(code);
        }
      })
      .catch((error: unknown) => console.error('Error loading the highlighter:', error));
    return () => {
      live = false;
    };
  }, [ref, html]);

  return blocks.map(({ host, code }, i) =>
    createPortal(
      <CopyButton value={code} timeout={2000}>
        {({ copied, copy }) => {
          const label = copied ? 'Copied' : 'Copy code';
          return (
            <IdleTooltip label={label} withArrow position="left">
              <ActionIcon variant="default" size="md" onClick={copy} aria-label={label} className={classes.copy}>
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </IdleTooltip>
          );
        }}
      </CopyButton>,
      host,
      `code-${i}`,
    ),
  );
}
