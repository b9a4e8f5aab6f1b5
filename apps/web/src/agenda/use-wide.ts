import { useSyncExternalStore } from 'react';

import { WEEK_VIEW_MEDIA } from './agenda-rows';

const media = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia(WEEK_VIEW_MEDIA) : undefined;

/** Whether the screen is at least 1024 px wide, following resizes; false where matchMedia is missing. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = media();
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => media()?.matches ?? false,
    () => false,
  );
}
