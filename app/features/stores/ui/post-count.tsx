/** Props of a post's count in a store. */
export interface PostStoreCountProps {
  store: string;
  postId: number;
  count: number;
  /** Extra classes of the wrapper (the place's own text style). */
  className?: string;
}

/**
 * How many visitors keep a post in a store, "Disimpan 12 kali" (the original's "post count" dynamic
 * tag, original-wire.md §3.3). Rendered by the server; after an add or remove the store code writes the
 * call's `fragments` into the number, which is the element's only child (so React and the store code
 * both set it as text, never as separate nodes).
 */
export function PostStoreCount({ store, postId, count, className }: PostStoreCountProps) {
  return (
    <span className={className ? `store-post-count ${className}` : 'store-post-count'}>
      Disimpan{' '}
      <span className="jet-engine-data-post-count" data-store={store} data-post={postId}>
        {count}
      </span>{' '}
      kali
    </span>
  );
}
