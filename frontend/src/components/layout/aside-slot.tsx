import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The right sidebar's element for page-specific content, null while the sidebar is hidden. */
export const AsideSlotContext = createContext<HTMLElement | null>(null);

/**
 * Renders its children in the right sidebar when it shows (wide screens, not collapsed),
 * else `fallback` in place: e.g. the table of contents beside or above the article.
 */
export function InAside({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const slot = useContext(AsideSlotContext);
  return slot ? createPortal(children, slot) : fallback;
}
