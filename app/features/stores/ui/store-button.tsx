import { isFrontStore, type StoreButtonArgs, storeBySlug } from '../model';

/** Icons of the two states (text glyphs: no icon font, no extra request). */
const ICONS = { favorit: ['♡', '♥'], banding: ['⇄', '✓'], keinginan: ['☆', '★'] } as Record<string, [string, string]>;

export interface StoreButtonProps {
  store: string;
  postId: number;
  /** The post's title: the button's name (`Simpan: <title>`) says what it keeps (many buttons share a page). */
  title: string;
  label?: string;
  addedLabel?: string;
  /** Added state links here (the original's `added_url`) unless the button toggles. */
  addedUrl?: string;
  actionAfterAdded?: StoreButtonArgs['action_after_added'];
  popup?: string;
  removeFromListing?: boolean;
  synchId?: string;
  target?: '_blank';
  /** `remove`: a remove-only button (the saved pages' "Hapus"); it starts in the added state. */
  op?: 'toggle' | 'remove';
}

/**
 * A store button (spec 000 §3-4 "Store action arguments", "Store button"). The server sends a plain
 * form that adds (or removes) the post and shows the store's page, so it works without JavaScript; the
 * store code (ui/enhance.ts, loaded by the count badge widget) takes its submits over, keeps the page
 * and switches the button between its initial and added states. Cards are cached and shared, so the
 * server always renders the initial state; the visitor's state arrives with the script.
 */
export function StoreButton({
  store: slug,
  postId,
  title,
  label,
  addedLabel,
  addedUrl,
  actionAfterAdded = 'remove_from_store',
  popup,
  removeFromListing,
  synchId,
  target,
  op = 'toggle',
}: StoreButtonProps) {
  const store = storeBySlug(slug);
  if (!store) return null;
  const [icon, addedIcon] = ICONS[slug] ?? ['+', '✓'];
  const args: StoreButtonArgs = {
    store: { slug, type: store.type, size: store.size, is_front: isFrontStore(store) },
    post_id: postId,
    label: label ?? store.name,
    added_label: addedLabel ?? `Hapus dari ${store.name}`,
    added_url: addedUrl ?? '',
    action_after_added: op === 'remove' ? 'remove_from_store' : actionAfterAdded,
    ...(popup ? { popup } : {}),
    ...(removeFromListing ? { remove_from_listing: true } : {}),
    ...(synchId ? { synch_id: synchId } : {}),
    ...(target ? { target } : {}),
  };
  const added = op === 'remove';
  return (
    // A store kept in the browser needs the store code: its button shows once the code is in.
    <form
      method="post"
      action={store.page}
      className="jet-data-store-form"
      data-store-form=""
      hidden={isFrontStore(store)}
    >
      <input type="hidden" name="store" value={slug} />
      <input type="hidden" name="post_id" value={postId} />
      <input type="hidden" name="op" value={added ? 'remove' : 'add'} />
      <button
        type="submit"
        className={`jet-data-store-link ${added ? 'jet-remove-from-store in-store' : 'jet-add-to-store'}`}
        data-store={slug}
        data-post={postId}
        data-args={JSON.stringify(args)}
        data-icons={`${icon}|${addedIcon}`}
        data-in-store={added ? 'true' : 'false'}
        data-op={op}
        data-title={title}
        aria-label={`${added ? args.added_label : args.label}: ${title}`}
      >
        <span className="jet-data-store-link__icon" aria-hidden="true">
          {added ? addedIcon : icon}
        </span>
        <span className="jet-data-store-link__label">{added ? args.added_label : args.label}</span>
      </button>
    </form>
  );
}
