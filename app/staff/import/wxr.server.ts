import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import {
  own,
  type WxrAuthor,
  type WxrChannel,
  type WxrComment,
  WxrError,
  type WxrItem,
  type WxrMeta,
  type WxrRecord,
  type WxrTerm,
} from './records';

/**
 * The WordPress export reader (issue 26): a streaming pass over a WXR file that hands out its channel, authors,
 * terms and items one at a time, so that a file of any size is read in little memory and the writer can import
 * item by item. Hostile files are refused with a message naming the place, and nothing after it is read:
 * - a DOCTYPE of any kind (WordPress never writes one). saxes itself never expands an entity a document
 *   declares nor fetches an external one (it reports `&name;` as undefined), but refusing the DOCTYPE outright
 *   keeps an entity bomb or an XXE from reaching any later step;
 * - nesting deeper than `maxDepth`, and more than `maxText` characters without a tag (one text node, CDATA
 *   section, attribute, comment …), checked as the chunks come, before the parser's buffer grows past it;
 * - a file that is not WXR, or WXR of a version other than 1.0–1.2; a truncated file (naming its last item).
 */

export interface WxrLimits {
  /** Deepest element nesting allowed (WXR itself needs 6). */
  maxDepth: number;
  /** Most characters between two tags (a text node or CDATA section, an attribute, comments). */
  maxText: number;
  /** Most characters kept for one record (an item with all its meta and comments). */
  maxRecord: number;
}

export const WXR_LIMITS: WxrLimits = { maxDepth: 64, maxText: 16 * 1024 * 1024, maxRecord: 64 * 1024 * 1024 };

const MB = 1024 * 1024;

/** A limit in the words of a message: `16 MB`, `10 KB`. */
const size = (chars: number) => (chars >= MB ? `${Math.round(chars / MB)} MB` : `${Math.round(chars / 1024)} KB`);

/** Reads a WXR file, item by item; the file is read on only as the consumer asks for the next record. */
export async function* readWxr(
  file: string,
  limits: Partial<WxrLimits> = {},
): AsyncGenerator<WxrRecord, void, undefined> {
  try {
    yield* readWxrChunks(createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 }), limits);
  } catch (error) {
    // The file system's own errors (missing, a folder, no permission) are a refusal like any other.
    const syscall = (error as NodeJS.ErrnoException | null)?.syscall;
    if (error instanceof WxrError || !syscall) throw error;
    throw new WxrError('unreadable', `Berkas tidak bisa dibaca: ${(error as Error).message}.`);
  }
}

/** Reads WXR from chunks of text (a file stream, an upload, a test's string). */
export async function* readWxrChunks(
  chunks: AsyncIterable<string | Buffer> | Iterable<string>,
  limits: Partial<WxrLimits> = {},
): AsyncGenerator<WxrRecord, void, undefined> {
  const reader = new WxrReader({ ...WXR_LIMITS, ...limits });
  for await (const chunk of chunks) {
    reader.write(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    yield* reader.drain();
  }
  reader.close();
  yield* reader.drain();
}

// Namespaces by meaning, whatever the prefix a file gives them; WordPress's carry the WXR version.
const WP_NS = /^https?:\/\/wordpress\.org\/export\/(\d+\.\d+)\/$/;
const EXCERPT_NS = /^https?:\/\/wordpress\.org\/export\/\d+\.\d+\/excerpt\/$/;
const NAMESPACES: Record<string, string> = {
  'http://purl.org/rss/1.0/modules/content/': 'content',
  'http://purl.org/dc/elements/1.1/': 'dc',
};
const VERSIONS = new Set(['1.0', '1.1', '1.2']);

function nsName(uri: string): string {
  if (uri === '') return '';
  if (WP_NS.test(uri)) return 'wp';
  if (EXCERPT_NS.test(uri)) return 'excerpt';
  return NAMESPACES[uri] ?? '?';
}

const toInt = (text: string): number | null => (/^\s*-?\d+\s*$/.test(text) ? Number.parseInt(text, 10) : null);

type Open = { kind: 'author'; author: WxrAuthor } | { kind: 'term'; term: WxrTerm } | { kind: 'item'; item: WxrItem };

function newItem(line: number): WxrItem {
  return {
    line,
    postId: null,
    guid: '',
    title: '',
    link: '',
    pubDate: '',
    creator: '',
    content: '',
    excerpt: '',
    postDate: '',
    postDateGmt: '',
    postModified: '',
    postModifiedGmt: '',
    commentStatus: '',
    pingStatus: '',
    postName: '',
    status: '',
    postParent: 0,
    menuOrder: 0,
    postType: '',
    postPassword: '',
    isSticky: false,
    attachmentUrl: '',
    terms: [],
    meta: [],
    comments: [],
  };
}

function newComment(): WxrComment {
  return {
    id: null,
    author: '',
    authorEmail: '',
    authorUrl: '',
    authorIp: '',
    date: '',
    dateGmt: '',
    content: '',
    approved: '',
    type: '',
    parent: 0,
    userId: 0,
    meta: [],
  };
}

/** The parser and its state: write chunks, drain the records they completed. */
class WxrReader {
  private readonly parser = new SaxesParser({ xmlns: true });
  /** Names of the open elements, `prefix:local` with the prefixes of `nsName`. */
  private readonly stack: string[] = [];
  private readonly queue: WxrRecord[] = [];
  private failure: WxrError | null = null;
  private done = false;
  private text = '';
  private lastEvent = 0;
  private first = true;
  private wpVersion: string | null = null;
  private channel: WxrChannel = { title: '', link: '', wxrVersion: '', baseSiteUrl: '', baseBlogUrl: '' };
  private channelSent = false;
  private open: Open | null = null;
  private recordSize = 0;
  private meta: WxrMeta | null = null;
  private comment: WxrComment | null = null;
  private itemTerm: { domain: string; nicename: string } | null = null;

  constructor(private readonly limits: WxrLimits) {
    // saxes stores each handler as a new property of the parser: past six of them V8 turns the parser into a
    // dictionary object and parsing runs four to five times slower (measured). Hence no comment, instruction
    // or error handler: saxes throws its errors when it has no handler, and `write` turns them into ours.
    const p = this.parser;
    p.on('xmldecl', (d) => {
      if (d.encoding && !/^utf-?8$/i.test(d.encoding)) {
        this.fail('encoding', `Pengodean ${d.encoding} tidak didukung: ekspor WordPress harus UTF-8`);
      }
    });
    p.on('doctype', () => {
      this.fail(
        'doctype',
        'Berkas memuat DOCTYPE, yang tidak pernah ditulis WordPress; deklarasi entitas di dalamnya bisa berbahaya ' +
          '(entity bomb, entitas eksternal), jadi berkas ditolak tanpa dibaca lebih lanjut',
      );
    });
    p.on('opentag', (tag) => this.onOpen(tag));
    p.on('closetag', () => this.onClose());
    p.on('text', (t) => this.onText(t));
    p.on('cdata', (t) => this.onText(t));
  }

  write(chunk: string): void {
    if (this.failure || this.done) return;
    // A byte-order mark is not markup: saxes would call it text before the root.
    const text = this.first ? chunk.replace(/^\uFEFF/, '') : chunk;
    this.first = false;
    try {
      this.parser.write(text);
      if (this.parser.position - this.lastEvent > this.limits.maxText) {
        this.fail('too-large', `Ada teks lebih dari ${size(this.limits.maxText)} tanpa tag`);
      }
    } catch (error) {
      this.xmlError(error);
    }
  }

  close(): void {
    if (this.failure || this.done) return;
    this.done = true;
    try {
      this.parser.close();
      if (!this.channelSent) this.fail('not-wxr', this.notWxr('tidak ada <channel> berisi wp:wxr_version'));
    } catch (error) {
      this.xmlError(error);
    }
  }

  /** An error saxes threw (the document is not well-formed) as ours; ours pass through, any other is a bug. */
  private xmlError(error: unknown): void {
    if (error instanceof WxrError) return;
    // saxes's errors start with line:column (and may come from another realm under a test runner).
    const saxes = /^\d+:\d+:\s*(.*)$/s.exec(String((error as Error | null)?.message));
    if (!saxes) throw error;
    try {
      this.fail('xml', `XML rusak: ${saxes[1]}`);
    } catch {
      // fail() records the refusal and throws it; drain() hands it out.
    }
  }

  /** The records completed so far; then the refusal, if the file was refused. */
  *drain(): Generator<WxrRecord> {
    while (this.queue.length > 0) yield this.queue.shift() as WxrRecord;
    if (this.failure) throw this.failure;
  }

  /** Refuses the file: records already completed stay, nothing after this point is read. */
  private fail(code: WxrError['code'], what: string): never {
    if (!this.failure) {
      const line = this.parser.line;
      const truncatedCode = code === 'xml' && this.done && this.stack.length > 0 ? 'truncated' : code;
      const message =
        truncatedCode === 'truncated'
          ? `Berkas terpotong: berakhir di tengah ${this.where() || `<${this.stack.at(-1)}>`} (baris ${line})`
          : `${what} (baris ${line}${this.where() ? `, ${this.where()}` : ''})`;
      this.failure = new WxrError(truncatedCode, `${message}.`, line);
    }
    throw this.failure;
  }

  private notWxr(reason: string): string {
    return `Bukan berkas ekspor WordPress (WXR): ${reason}`;
  }

  /** The record being read, as staff would recognise it. */
  private where(): string {
    const open = this.open;
    if (!open) return '';
    if (open.kind === 'item') {
      const { title, postId, line } = open.item;
      const id = postId === null ? `mulai baris ${line}` : `ID ${postId}`;
      return `item ${title ? `«${title}» ` : ''}(${id})`;
    }
    if (open.kind === 'author') return `penulis ${open.author.login || '(tanpa login)'}`;
    return `istilah ${open.term.slug || open.term.name || '(tanpa slug)'}`;
  }

  private touch(): void {
    this.lastEvent = this.parser.position;
  }

  private onText(t: string): void {
    this.touch();
    if (this.failure) return;
    // Only a leaf's text is kept (an element's own text restarts at each child).
    if (this.text.length + t.length > this.limits.maxText) {
      this.fail('too-large', `Ada teks lebih dari ${size(this.limits.maxText)} dalam satu elemen`);
    }
    this.text += t;
  }

  private onOpen(tag: SaxesTagNS): void {
    this.touch();
    if (this.failure) return;
    const name = `${nsName(tag.uri)}:${tag.local}`;
    this.stack.push(name);
    this.text = '';
    const depth = this.stack.length;
    if (depth > this.limits.maxDepth) {
      this.fail('too-deep', `Elemen bersarang lebih dari ${this.limits.maxDepth} tingkat`);
    }
    if (name.startsWith('wp:') && this.wpVersion === null) {
      this.wpVersion = WP_NS.exec(tag.uri)?.[1] ?? null;
    }
    if (depth === 1 && name !== ':rss') {
      this.fail('not-wxr', this.notWxr(`elemen akarnya <${tag.name}>, bukan <rss>`));
    }
    if (depth === 2 && name !== ':channel') return;
    if (depth === 3 && this.stack[1] === ':channel') this.openRecord(name);
    else if (this.open?.kind === 'item') this.openInItem(name, depth, tag);
  }

  private openRecord(name: string): void {
    const starts = name === ':item' || name === 'wp:author' || name === 'wp:category' || name === 'wp:tag';
    if (!starts && name !== 'wp:term') return;
    this.sendChannel();
    this.recordSize = 0;
    if (name === ':item') this.open = { kind: 'item', item: newItem(this.parser.line) };
    else if (name === 'wp:author') {
      this.open = {
        kind: 'author',
        author: { id: null, login: '', email: '', displayName: '', firstName: '', lastName: '' },
      };
    } else {
      const taxonomy = name === 'wp:category' ? 'category' : name === 'wp:tag' ? 'post_tag' : '';
      this.open = {
        kind: 'term',
        term: { id: null, taxonomy, slug: '', name: '', parentSlug: '', description: '' },
      };
    }
  }

  private openInItem(name: string, depth: number, tag: SaxesTagNS): void {
    if (depth === 4 && name === 'wp:postmeta') this.meta = { key: '', value: '' };
    else if (depth === 4 && name === 'wp:comment') this.comment = newComment();
    else if (depth === 5 && name === 'wp:commentmeta' && this.comment) this.meta = { key: '', value: '' };
    else if (depth === 4 && name === ':category') {
      this.itemTerm = {
        domain: own(tag.attributes.domain?.value ?? ''),
        nicename: own(tag.attributes.nicename?.value ?? ''),
      };
    }
  }

  /** The channel goes out before its first author, term or item; by then it must have said it is WXR 1.x. */
  private sendChannel(): void {
    if (this.channelSent) return;
    if (!this.channel.wxrVersion) {
      this.fail(
        'not-wxr',
        this.wpVersion === null
          ? this.notWxr('namespace WordPress (wp:) tidak ada')
          : this.notWxr('tidak ada wp:wxr_version sebelum isi pertama'),
      );
    }
    this.channelSent = true;
    this.queue.push({ kind: 'channel', channel: this.channel });
  }

  private onClose(): void {
    this.touch();
    if (this.failure) return;
    const name = this.stack.pop() as string;
    const depth = this.stack.length + 1;
    const text = own(this.text);
    this.text = '';
    if (this.open) {
      this.recordSize += text.length;
      if (this.recordSize > this.limits.maxRecord) {
        this.fail('too-large', `Satu isian lebih dari ${size(this.limits.maxRecord)}`);
      }
    }
    if (depth === 2 && name === ':channel') this.sendChannel();
    else if (depth === 3 && this.stack[1] === ':channel') this.closeInChannel(name, text);
    else if (depth === 4 && this.open) this.closeField(name, text);
    else if (depth === 5 && this.meta && !this.comment) this.closeMetaField(name, text);
    else if (depth === 5 && this.comment) this.closeCommentField(name, text);
    else if (depth === 6 && this.meta) this.closeMetaField(name, text);
  }

  private closeInChannel(name: string, text: string): void {
    const open = this.open;
    if (
      open &&
      (name === ':item' || name === 'wp:author' || name === 'wp:category' || name === 'wp:tag' || name === 'wp:term')
    ) {
      this.open = null;
      if (open.kind === 'item') this.queue.push({ kind: 'item', item: open.item });
      else if (open.kind === 'author') this.queue.push({ kind: 'author', author: open.author });
      else this.queue.push({ kind: 'term', term: open.term });
      return;
    }
    const c = this.channel;
    if (name === ':title') c.title = text.trim();
    else if (name === ':link') c.link = text.trim();
    else if (name === 'wp:base_site_url') c.baseSiteUrl = text.trim();
    else if (name === 'wp:base_blog_url') c.baseBlogUrl = text.trim();
    else if (name === 'wp:wxr_version') {
      const version = text.trim();
      if (!VERSIONS.has(version) || (this.wpVersion !== null && !VERSIONS.has(this.wpVersion))) {
        this.fail('version', `Versi WXR ${version || '(kosong)'} tidak didukung: hanya 1.0, 1.1 dan 1.2`);
      }
      c.wxrVersion = version;
    }
  }

  private closeField(name: string, text: string): void {
    const open = this.open as Open;
    if (open.kind === 'author') {
      const a = open.author;
      if (name === 'wp:author_id') a.id = toInt(text);
      else if (name === 'wp:author_login') a.login = text.trim();
      else if (name === 'wp:author_email') a.email = text.trim();
      else if (name === 'wp:author_display_name') a.displayName = text.trim();
      else if (name === 'wp:author_first_name') a.firstName = text.trim();
      else if (name === 'wp:author_last_name') a.lastName = text.trim();
      return;
    }
    if (open.kind === 'term') {
      const t = open.term;
      if (name === 'wp:term_id') t.id = toInt(text);
      else if (name === 'wp:term_taxonomy') t.taxonomy = text.trim();
      else if (name === 'wp:category_nicename' || name === 'wp:tag_slug' || name === 'wp:term_slug')
        t.slug = text.trim();
      else if (name === 'wp:cat_name' || name === 'wp:tag_name' || name === 'wp:term_name') t.name = text.trim();
      else if (name === 'wp:category_parent' || name === 'wp:term_parent') t.parentSlug = text.trim();
      else if (name === 'wp:category_description' || name === 'wp:tag_description' || name === 'wp:term_description') {
        t.description = text;
      }
      return;
    }
    this.closeItemField(open.item, name, text);
  }

  private closeItemField(i: WxrItem, name: string, text: string): void {
    switch (name) {
      case ':title':
        i.title = text.trim();
        break;
      case ':link':
        i.link = text.trim();
        break;
      case ':pubDate':
        i.pubDate = text.trim();
        break;
      case ':guid':
        i.guid = text.trim();
        break;
      case 'dc:creator':
        i.creator = text.trim();
        break;
      case 'content:encoded':
        i.content = text;
        break;
      case 'excerpt:encoded':
        i.excerpt = text;
        break;
      case 'wp:post_id':
        i.postId = toInt(text);
        break;
      case 'wp:post_date':
        i.postDate = text.trim();
        break;
      case 'wp:post_date_gmt':
        i.postDateGmt = text.trim();
        break;
      case 'wp:post_modified':
        i.postModified = text.trim();
        break;
      case 'wp:post_modified_gmt':
        i.postModifiedGmt = text.trim();
        break;
      case 'wp:comment_status':
        i.commentStatus = text.trim();
        break;
      case 'wp:ping_status':
        i.pingStatus = text.trim();
        break;
      case 'wp:post_name':
        i.postName = text.trim();
        break;
      case 'wp:status':
        i.status = text.trim();
        break;
      case 'wp:post_parent':
        i.postParent = toInt(text) ?? 0;
        break;
      case 'wp:menu_order':
        i.menuOrder = toInt(text) ?? 0;
        break;
      case 'wp:post_type':
        i.postType = text.trim();
        break;
      case 'wp:post_password':
        i.postPassword = text;
        break;
      case 'wp:is_sticky':
        i.isSticky = text.trim() === '1';
        break;
      case 'wp:attachment_url':
        i.attachmentUrl = text.trim();
        break;
      case ':category':
        if (this.itemTerm) i.terms.push({ ...this.itemTerm, name: text.trim() });
        this.itemTerm = null;
        break;
      case 'wp:postmeta':
        if (this.meta) i.meta.push(this.meta);
        this.meta = null;
        break;
      case 'wp:comment':
        if (this.comment) i.comments.push(this.comment);
        this.comment = null;
        break;
    }
  }

  private closeMetaField(name: string, text: string): void {
    const meta = this.meta as WxrMeta;
    if (name === 'wp:meta_key') meta.key = text.trim();
    else if (name === 'wp:meta_value') meta.value = text;
  }

  private closeCommentField(name: string, text: string): void {
    const c = this.comment as WxrComment;
    switch (name) {
      case 'wp:comment_id':
        c.id = toInt(text);
        break;
      case 'wp:comment_author':
        c.author = text.trim();
        break;
      case 'wp:comment_author_email':
        c.authorEmail = text.trim();
        break;
      case 'wp:comment_author_url':
        c.authorUrl = text.trim();
        break;
      case 'wp:comment_author_IP':
        c.authorIp = text.trim();
        break;
      case 'wp:comment_date':
        c.date = text.trim();
        break;
      case 'wp:comment_date_gmt':
        c.dateGmt = text.trim();
        break;
      case 'wp:comment_content':
        c.content = text;
        break;
      case 'wp:comment_approved':
        c.approved = text.trim();
        break;
      case 'wp:comment_type':
        c.type = text.trim();
        break;
      case 'wp:comment_parent':
        c.parent = toInt(text) ?? 0;
        break;
      case 'wp:comment_user_id':
        c.userId = toInt(text) ?? 0;
        break;
      case 'wp:commentmeta':
        if (this.meta) c.meta.push(this.meta);
        this.meta = null;
        break;
    }
  }
}
