import type { PostFormValues } from '../model';

/**
 * This device's copy of what the news editor typed (issue 25, "lose nothing"): the form's values, kept in
 * localStorage under the post's id (`baru` for a post not stored yet) from each change until the server
 * has them. The autosave keeps the server's copy; this one outlives a server that went away, a lost
 * connection and a tab closed meanwhile, and comes back into the editor when it opens again.
 */
export interface LocalDraft {
  /** the form's values, `modified_at` the stored version they were typed over ('' for a new post) */
  values: PostFormValues;
  /** sent by one of the form's buttons: once the stored version is another, that save arrived */
  sent?: boolean;
}

const keyOf = (id: number | null) => `berita-draf:${id ?? 'baru'}`;

/** The copy kept for this post (null: none, or unreadable). */
export function readLocalDraft(id: number | null): LocalDraft | null {
  try {
    const draft = JSON.parse(localStorage.getItem(keyOf(id)) ?? 'null') as LocalDraft | null;
    return draft && typeof draft.values?.title === 'string' && Array.isArray(draft.values.categories) ? draft : null;
  } catch {
    return null;
  }
}

/** Keeps the copy (a full or blocked storage keeps nothing: the autosave is still there). */
export function writeLocalDraft(id: number | null, draft: LocalDraft): void {
  try {
    localStorage.setItem(keyOf(id), JSON.stringify(draft));
  } catch {
    // nothing to do: the server's copy is the one that counts
  }
}

export function removeLocalDraft(id: number | null): void {
  try {
    localStorage.removeItem(keyOf(id));
  } catch {
    // as above
  }
}

/** Whether two forms hold the same text and choices (their versions aside). */
export function sameValues(a: PostFormValues, b: PostFormValues): boolean {
  const keys = Object.keys(a) as Array<keyof PostFormValues>;
  return keys.every((key) =>
    key === 'modified_at'
      ? true
      : key === 'categories'
        ? [...a.categories].sort().join() === [...b.categories].sort().join()
        : a[key] === b[key],
  );
}

/**
 * What to do with the copy kept for a post the server shows as `server`: put it back in the form
 * (`restore`), forget it (`drop`: the server has the same, or a button's save of it arrived), or nothing
 * (no copy). A copy typed over an older version than the server's is put back with that older version,
 * so that its autosave is refused as a conflict (naming who saved last) rather than overwriting.
 */
export function localDraftFate(draft: LocalDraft | null, server: PostFormValues): 'restore' | 'drop' | null {
  if (!draft) return null;
  if (sameValues(draft.values, server)) return 'drop';
  if (draft.sent && draft.values.modified_at !== server.modified_at) return 'drop';
  return 'restore';
}
