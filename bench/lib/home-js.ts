import { gzipSync } from 'node:zlib';

export interface JsFile {
  url: string;
  /** How the page asks for it: script src, inline module import, modulepreload, or a static import of another file. */
  via: 'script' | 'import' | 'modulepreload' | 'static-import';
  rawBytes: number;
  gzipBytes: number;
}

export interface JsFigures {
  files: JsFile[];
  rawBytes: number;
  /** Each file gzipped on its own at level 9, summed. */
  gzipBytes: number;
  /** Files reached only through another file's static imports (not preloaded by the page). */
  notPreloaded: string[];
  inline: { count: number; rawBytes: number; gzipBytes: number };
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

/** Specifiers of static imports and re-exports (`import{a}from"./x.js"`, `import"./y.js"`), relative or rooted. */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /\b(?:import|export)\s*(?:[^;"'`()]*?\bfrom\s*)?["']((?:\.{1,2}\/|\/)[^"'\s]+)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) out.push(m[1] as string);
  return out;
}

/** Literal dynamic imports (`import("/assets/x.js")`) in an inline module: run as the page loads. */
function literalDynamicImports(code: string): string[] {
  const out: string[] = [];
  const re = /\bimport\(\s*["']((?:\.{1,2}\/|\/)[^"'\s]+)["']\s*\)/g;
  for (let m = re.exec(code); m; m = re.exec(code)) out.push(m[1] as string);
  return out;
}

/**
 * The JavaScript a visitor's browser downloads for the page at `pageUrl`: `<script src>`,
 * the imports of `<script type="module">` blocks, `<link rel="modulepreload">`, and (what the
 * browser would fetch anyway) the static imports of those files. Inline scripts are counted apart.
 */
export async function measurePageJs(pageUrl: string, html: string): Promise<JsFigures> {
  const wanted = new Map<string, JsFile['via']>();
  const want = (spec: string, base: string, via: JsFile['via']) => {
    const url = new URL(spec, base).href;
    if (!wanted.has(url)) wanted.set(url, via);
  };

  const inline = { count: 0, rawBytes: 0, gzipBytes: 0 };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const tag = `<script ${m[1] ?? ''}>`;
    const code = m[2] ?? '';
    const src = attr(tag, 'src');
    if (src) {
      want(src, pageUrl, 'script');
      continue;
    }
    const type = (attr(tag, 'type') ?? '').toLowerCase();
    if (type === 'module') {
      for (const spec of [...staticImports(code), ...literalDynamicImports(code)]) want(spec, pageUrl, 'import');
    }
    // JSON data blocks (ld+json, importmap) are not scripts that run.
    if (type === '' || type === 'module' || type.includes('javascript')) {
      inline.count++;
      inline.rawBytes += Buffer.byteLength(code);
      inline.gzipBytes += gzipSync(code, { level: 9 }).length;
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(m[0], 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(m[0], 'href');
    if (href && rel.includes('modulepreload')) want(href, pageUrl, 'modulepreload');
  }

  const files: JsFile[] = [];
  const seen = new Set<string>();
  const queue = [...wanted.keys()];
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    if (res.status !== 200) throw new Error(`home page JavaScript ${url} answered ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    files.push({
      url: new URL(url).pathname,
      via: wanted.get(url) ?? 'static-import',
      rawBytes: bytes.length,
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
    });
    for (const spec of staticImports(bytes.toString('utf8'))) {
      const next = new URL(spec, url).href;
      if (!seen.has(next)) queue.push(next);
    }
  }
  return {
    files,
    rawBytes: files.reduce((n, f) => n + f.rawBytes, 0),
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
    notPreloaded: files.filter((f) => f.via === 'static-import').map((f) => f.url),
    inline,
  };
}
