import '@mantine/core/styles/Tooltip.layer.css';
import { Tooltip, type TooltipProps } from '@mantine/core';
import type { ReactElement } from 'react';
import { useAfterIdle } from '@/hooks/use-after-idle';

/**
 * Mantine's Tooltip from the browser's first idle moment after mounting, its child alone until
 * then (hooks/use-after-idle says why): for tooltips on public pages, which only repeat a
 * control's accessible name.
 */
export function IdleTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement }) {
  return useAfterIdle() ? <Tooltip {...props}>{children}</Tooltip> : children;
}
