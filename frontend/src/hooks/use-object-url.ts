import { useEffect, useMemo } from 'react';

/** A preview URL for a picked file, revoked when the file changes or the component leaves. */
export function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}
