import { useDocumentTitle } from '@mantine/hooks';

/** Sets document.title to 'Title · Folio', or 'Folio' alone. */
export const usePageTitle = (title?: string) =>
  useDocumentTitle(title ? `${title} · Folio` : 'Folio');
