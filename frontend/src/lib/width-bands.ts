import { BREAKPOINTS, CARD_TRUNCATION } from '@/config/constants';

/** The spec's width bands, narrowest first; the names match the theme's breakpoints. */
export type WidthBand = keyof typeof CARD_TRUNCATION;

export function widthBand(width: number): WidthBand {
  if (width >= BREAKPOINTS.rightSidebar) return 'xl';
  if (width >= BREAKPOINTS.leftSidebar) return 'md';
  if (width >= BREAKPOINTS.narrow) return 'sm';
  if (width >= BREAKPOINTS.thumbnail) return 'xs';
  return 'base';
}

/** A card's description and title limits at a window width. */
export const cardLimits = (width: number) => CARD_TRUNCATION[widthBand(width)];

/** Below 430 dates shorten, archive markers become B/P and the detail layout stacks. */
export const isNarrow = (width: number) => width < BREAKPOINTS.narrow;
