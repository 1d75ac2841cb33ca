import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextInputProps } from './rich-text-editor';

// The editor (TipTap, ProseMirror) loads in its own chunk, only where a form needs it.
const LazyRichTextInput = lazy(() => import('./rich-text-editor'));

export type { RichTextInputProps };

export function RichTextInput(props: RichTextInputProps) {
  return (
    <Suspense
      fallback={
        <Stack gap={6} aria-busy="true" aria-label={`${props.label} (loading the editor)`}>
          <Skeleton height={14} width={120} />
          <Skeleton height={300} />
        </Stack>
      }
    >
      <LazyRichTextInput {...props} />
    </Suspense>
  );
}
