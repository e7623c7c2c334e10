import { type ApprovalState, GUEST_ID_PATTERN, GUEST_STORAGE_KEY } from '../model';

/**
 * A guest's data in local storage (spec 000 §3 "Guest data", original-wire.md §4): one JSON object
 * under `jetReviewsData` with the original client's keys, so a visitor of the old site keeps their id:
 * `guestId`, `guestName`, `guestMail`, `reviewed{Source}Items` (source ids reviewed) and
 * `rated{Source}Items` (review id → like state).
 */
export interface GuestRecord {
  guestId?: string;
  guestName?: string;
  guestMail?: string;
  [key: string]: unknown;
}

/** The part of Storage this module uses (tests pass a Map-backed one). */
export type GuestStorage = Pick<Storage, 'getItem' | 'setItem'>;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A new guest id: `guest_` and 16 random letters or digits (spec 000 §6). */
export function newGuestId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(16));
  // 248 is the largest multiple of 62 below 256: rejecting the rest keeps every letter equally likely.
  let id = '';
  for (const b of bytes) if (b < 248) id += ALPHABET[b % ALPHABET.length];
  while (id.length < 16) {
    const [b = 0] = random(new Uint8Array(1));
    if (b < 248) id += ALPHABET[b % ALPHABET.length];
  }
  return `guest_${id}`;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const reviewedKey = (source: string) => `reviewed${capitalize(source)}Items`;
const ratedKey = (source: string) => `rated${capitalize(source)}Items`;

/** The stored record; anything unreadable (another site's data, private mode) reads as empty. */
export function readGuest(storage: GuestStorage | null): GuestRecord {
  try {
    const raw = storage?.getItem(GUEST_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as GuestRecord) : {};
  } catch {
    return {};
  }
}

function writeGuest(storage: GuestStorage | null, record: GuestRecord): void {
  try {
    storage?.setItem(GUEST_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage full or refused: the guest is simply not remembered.
  }
}

function update(storage: GuestStorage | null, change: (record: GuestRecord) => void): GuestRecord {
  const record = readGuest(storage);
  change(record);
  writeGuest(storage, record);
  return record;
}

/** The guest's id, created and stored on first use (a stored id of the wrong shape is replaced). */
export function guestIdOf(storage: GuestStorage | null, makeId: () => string = newGuestId): string {
  const stored = readGuest(storage).guestId;
  if (typeof stored === 'string' && GUEST_ID_PATTERN.test(stored)) return stored;
  const id = makeId();
  update(storage, (r) => {
    r.guestId = id;
  });
  return id;
}

/** The name and e-mail the guest last wrote (prefills the forms). */
export function guestIdentity(storage: GuestStorage | null): { name: string; mail: string } {
  const r = readGuest(storage);
  return {
    name: typeof r.guestName === 'string' ? r.guestName : '',
    mail: typeof r.guestMail === 'string' ? r.guestMail : '',
  };
}

/** Remembers the name and e-mail a guest sent. */
export function rememberIdentity(storage: GuestStorage | null, name: string, mail: string): void {
  update(storage, (r) => {
    r.guestName = name;
    r.guestMail = mail;
  });
}

function idList(value: unknown): number[] {
  return Array.isArray(value) ? value.map(Number).filter(Number.isInteger) : [];
}

/** Whether the guest has reviewed this source item (spec 000 §4: remembered as already reviewed). */
export function hasReviewed(storage: GuestStorage | null, source: string, sourceId: number): boolean {
  return idList(readGuest(storage)[reviewedKey(source)]).includes(sourceId);
}

/** Marks a source item as reviewed by the guest. */
export function markReviewed(storage: GuestStorage | null, source: string, sourceId: number): void {
  update(storage, (r) => {
    const list = idList(r[reviewedKey(source)]);
    if (!list.includes(sourceId)) list.push(sourceId);
    r[reviewedKey(source)] = list;
  });
}

function isApproval(value: unknown): value is ApprovalState {
  const v = value as Partial<ApprovalState> | null;
  return Boolean(v) && typeof v?.like === 'boolean' && typeof v?.dislike === 'boolean';
}

function ratedOf(record: GuestRecord, source: string): Record<number, ApprovalState> {
  const rated = record[ratedKey(source)];
  const out: Record<number, ApprovalState> = {};
  if (rated && typeof rated === 'object') {
    for (const [id, state] of Object.entries(rated)) if (isApproval(state)) out[Number(id)] = state;
  }
  return out;
}

/** The guest's like state per review of a source. */
export function ratedReviews(storage: GuestStorage | null, source: string): Record<number, ApprovalState> {
  return ratedOf(readGuest(storage), source);
}

/** Stores the guest's like state of one review. */
export function rememberRating(
  storage: GuestStorage | null,
  source: string,
  reviewId: number,
  state: ApprovalState,
): void {
  update(storage, (r) => {
    const rated = ratedOf(r, source);
    rated[reviewId] = { like: state.like, dislike: state.dislike };
    r[ratedKey(source)] = rated;
  });
}

/** The browser's local storage, or null where there is none (server render, storage disabled). */
export function browserStorage(): GuestStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
