// What Mantine's AppShell header, aside and footer read from react-remove-scroll: only the
// class name that keeps them clear of the scrollbar while a modal locks scrolling. The real
// package (5 kB gzip) still loads with the first Modal or Drawer, which sets that class's
// style. Wired in vite.config.ts for AppShell's own imports only.
import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';

export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };
