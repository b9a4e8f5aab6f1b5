import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. Several lazily loaded parts of the page mount their own
 * QueryClientProvider with this same client, so they share data without react-query being
 * part of the public pages' first download. Cached queries never go stale on their own (docs/BEHAVIOUR.md §9).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
  },
});
