import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@/config/constants';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** The window's width in CSS px, right from the first render (no flash of the wrong band). */
export const useWindowWidth = () =>
  useSyncExternalStore(subscribe, () => window.innerWidth, () => BREAKPOINTS.rightSidebar);
