import { listSearch } from '~/lib/list-address';
import { siteHref } from '~/lib/site-href';

/**
 * The staff area's review queue (issue 14): statuses, actions, the queue's address and the notices
 * after a change. Pure rules, shared by the server and the screens; no React, no database, no zod.
 */

/** A review's state for staff: pending (neither approved nor rejected), approved, or rejected (kept, never shown). */
export const REVIEW_STATUSES = ['menunggu', 'disetujui', 'ditolak'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const STATUS_LABELS: Record<ReviewStatus, string> = {
  menunggu: 'Menunggu',
  disetujui: 'Disetujui',
  ditolak: 'Ditolak',
};

/** The state of a stored review (`approved`, `rejected` 0/1). */
export function statusOf(review: { approved: number; rejected: number }): ReviewStatus {
  if (review.approved === 1) return 'disetujui';
  return review.rejected === 1 ? 'ditolak' : 'menunggu';
}

/** What staff may do to reviews, one or many at once. */
export const REVIEW_ACTIONS = ['approve', 'reject', 'pin', 'unpin', 'delete'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export const ACTION_LABELS: Record<ReviewAction, string> = {
  approve: 'Setujui',
  reject: 'Tolak',
  pin: 'Sematkan',
  unpin: 'Lepas sematan',
  delete: 'Hapus',
};

/** The notice after an action on `count` reviews, e.g. "2 ulasan disetujui." */
export function noticeOf(action: ReviewAction, count: number): string {
  const done: Record<ReviewAction, string> = {
    approve: 'disetujui',
    reject: 'ditolak',
    pin: 'disematkan',
    unpin: 'dilepas sematannya',
    delete: 'dihapus',
  };
  return `${count} ulasan ${done[action]}.`;
}

/** Reviews in the queue per page. */
export const QUEUE_PAGE_SIZE = 20;

/** The queue's filters and page, as its address carries them (`?status=…&sumber=…&halaman=…`). */
export interface QueueFilter {
  status: ReviewStatus | null;
  /** a post type that takes reviews, or null for all */
  source: string | null;
  page: number;
}

export const QUEUE_PATH = siteHref('/admin/ulasan');

/**
 * Reads the queue's address. Unknown statuses or malformed sources and pages are `invalid` (400);
 * `?halaman=1` is `canonical`: the same list lives at the address without it.
 */
export function readQueueQuery(
  params: URLSearchParams,
): { kind: 'ok'; filter: QueueFilter } | { kind: 'canonical'; href: string } | { kind: 'invalid'; message: string } {
  const status = params.get('status') || null;
  const source = params.get('sumber') || null;
  const page = params.get('halaman');
  if (status !== null && !(REVIEW_STATUSES as readonly string[]).includes(status)) {
    return { kind: 'invalid', message: 'Status ulasan tidak dikenal.' };
  }
  if (source !== null && !/^[a-z0-9_-]{1,40}$/.test(source)) {
    return { kind: 'invalid', message: 'Sumber ulasan tidak dikenal.' };
  }
  if (page !== null && !/^[1-9][0-9]{0,5}$/.test(page)) {
    return { kind: 'invalid', message: 'Nomor halaman tidak valid.' };
  }
  const filter = { status: status as ReviewStatus | null, source, page: page === null ? 1 : Number(page) };
  if (page === '1') return { kind: 'canonical', href: queueHref({ ...filter, page: 1 }) };
  return { kind: 'ok', filter };
}

/** The queue's address for a filter and page (page 1 has no `halaman`). */
export function queueHref({ status, source, page }: QueueFilter): string {
  return QUEUE_PATH + listSearch({ status, sumber: source }, page);
}

/** Where to go back to after an action: a queue address sent with the form, else the queue itself. */
export function returnTo(value: string | undefined): string {
  if (!value) return QUEUE_PATH;
  if (!value.startsWith(QUEUE_PATH) || value.startsWith(`${QUEUE_PATH}/`) || /[\\\s]/.test(value)) return QUEUE_PATH;
  const url = new URL(value, 'http://x.invalid');
  if (url.pathname !== QUEUE_PATH) return QUEUE_PATH;
  url.searchParams.delete('selesai');
  url.searchParams.delete('jumlah');
  return `${url.pathname}${url.search}`;
}

/** An address with the notice of a finished action (`selesai`, `jumlah`) added. */
export function withNotice(href: string, action: ReviewAction, count: number): string {
  const url = new URL(href, 'http://x.invalid');
  url.searchParams.set('selesai', action);
  url.searchParams.set('jumlah', String(count));
  return `${url.pathname}${url.search}`;
}

/** The notice an address carries (after a redirect), or null. */
export function noticeFrom(params: URLSearchParams): string | null {
  const action = params.get('selesai');
  const count = params.get('jumlah');
  if (!action || !(REVIEW_ACTIONS as readonly string[]).includes(action) || !count || !/^\d{1,4}$/.test(count)) {
    return null;
  }
  return noticeOf(action as ReviewAction, Number(count));
}

/** How the queue and the settings name a post type that takes reviews. */
export function sourceLabel(postType: string): string {
  const labels: Record<string, string> = {
    post: 'Berita',
    ekskul: 'Ekstrakurikuler',
    galeri: 'Galeri',
    page: 'Halaman',
  };
  return labels[postType] ?? postType;
}

/** The public address of a post of a type that takes reviews. */
export function postHref(postType: string, slug: string): string {
  if (postType === 'galeri' || postType === 'ekskul') return `/${postType}/${slug}/`;
  return `/${slug}/`;
}

/** The per-source settings staff edit (review_source flags). */
export const SOURCE_FLAGS = [
  { name: 'allow_guests', label: 'Tamu boleh menulis ulasan', hint: 'Pengunjung tanpa akun boleh menulis ulasan.' },
  {
    name: 'needs_moderation',
    label: 'Perlu moderasi',
    hint: 'Ulasan baru baru tampil setelah disetujui staf.',
  },
  { name: 'captcha', label: 'Captcha', hint: 'Penulis ulasan dan komentar harus menyelesaikan captcha.' },
  { name: 'comments_allowed', label: 'Komentar', hint: 'Pengunjung boleh mengomentari ulasan.' },
  { name: 'approval_allowed', label: 'Suka dan tidak suka', hint: 'Pengunjung boleh menilai ulasan.' },
] as const;
export type SourceFlag = (typeof SOURCE_FLAGS)[number]['name'];

/** One review source as the settings screen shows it. */
export interface StaffSource {
  postType: string;
  label: string;
  typeName: string;
  widget: string;
  flags: Record<SourceFlag, boolean>;
}

/** One review in the queue. */
export interface QueueRow {
  id: number;
  status: ReviewStatus;
  pinned: boolean;
  author: string;
  /** the author's e-mail (staff only; '' for signed-in users' reviews) */
  mail: string;
  /** stars, one decimal (rating percent / 20) */
  stars: number;
  title: string;
  content: string;
  createdAt: string;
  post: { id: number; title: string; type: string; href: string; published: boolean };
}

/** What the queue screen shows. */
export interface QueueData {
  filter: QueueFilter;
  rows: QueueRow[];
  total: number;
  pages: number;
  /** reviews per status under the source filter, for the status select */
  counts: Record<ReviewStatus | 'semua', number>;
  sources: Array<{ postType: string; label: string }>;
}

/** What a refused queue action answers to the screen (the form shows it back as sent). */
export interface QueueActionError {
  error: string;
  action: string;
  selected: number[];
}

/** What the delete confirmation shows: the reviews to delete and where to go back to. */
export interface DeleteData {
  reviews: Array<{ id: number; title: string; author: string; postTitle: string }>;
  back: string;
}

/** What a refused settings form answers: the message per field and the values as sent. */
export interface SettingsActionError {
  source: string;
  errors: Partial<Record<SourceFlag | 'sumber', string>>;
  values: Record<string, string>;
}

/** A row's state once an action is done: shown at once while the server works (null: the row goes). */
export function afterAction(
  row: { status: ReviewStatus; pinned: boolean },
  action: ReviewAction,
): { status: ReviewStatus; pinned: boolean } | null {
  switch (action) {
    case 'approve':
      return { ...row, status: 'disetujui' };
    case 'reject':
      return { ...row, status: 'ditolak' };
    case 'pin':
      return { ...row, pinned: true };
    case 'unpin':
      return { ...row, pinned: false };
    case 'delete':
      return null;
  }
}

/** The action and review ids a queue form being sent carries (`satu`, or `aksi` and the ticked rows). */
export function pendingAction(form: Iterable<[string, unknown]>): { action: ReviewAction; ids: number[] } | null {
  const entries = [...form].filter((e): e is [string, string] => typeof e[1] === 'string');
  const get = (name: string) => entries.find(([k]) => k === name)?.[1];
  const isAction = (v: string | undefined): v is ReviewAction =>
    (REVIEW_ACTIONS as readonly string[]).includes(v ?? '');
  const one = /^([a-z]+):(\d+)$/.exec(get('satu') ?? '');
  if (one) return isAction(one[1]) ? { action: one[1], ids: [Number(one[2])] } : null;
  const action = get('aksi');
  if (!isAction(action)) return null;
  const ids = entries.flatMap(([k]) => (/^ulasan_(\d+)$/.exec(k) ? [Number(k.slice(7))] : []));
  return ids.length > 0 ? { action, ids } : null;
}
