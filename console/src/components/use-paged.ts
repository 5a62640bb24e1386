import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';

/** One page of a keyset-paged list, as every list of the operator API answers it. */
export interface ListPage<T> {
  items: T[];
  nextCursor?: string | null;
  totalCount?: number | null;
}

/**
 * A keyset-paged list read a page at a time (TanStack Query's infinite query): the items of every
 * page loaded so far, the first page's total, and `more` to read the next page. `refetchInterval`
 * is for the lists that poll while the event stream is closed.
 */
export function usePaged<T>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | undefined) => Promise<ListPage<T>>,
  options: { enabled?: boolean; refetchInterval?: number | false } = {},
) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...options,
  });
  const pages = query.data?.pages ?? [];
  return {
    query,
    pages,
    items: pages.flatMap((p) => p.items),
    /** The first page's count of the whole list (null where the server does not count). */
    total: pages[0]?.totalCount ?? null,
    isPending: query.isPending,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    more: () => query.fetchNextPage(),
  };
}

export type Paged<T> = ReturnType<typeof usePaged<T>>;
