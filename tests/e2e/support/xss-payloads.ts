/**
 * A well-known list of XSS payloads for tests/e2e/staff-fields-xss.spec.ts: a selection from OWASP's "XSS Filter
 * Evasion Cheat Sheet" (https://cheatsheetseries.owasp.org/cheatsheets/XSS_Filter_Evasion_Cheat_Sheet.html) and
 * PortSwigger's "Cross-site scripting (XSS) cheat sheet" (https://portswigger.net/web-security/cross-site-scripting/cheat-sheet):
 * script tags, event handlers, `javascript:`/`data:`/`vbscript:` addresses (encoded and split by whitespace),
 * `srcdoc` frames, styles, attribute breakouts, template injection, mutation XSS through parser differentials, and
 * unicode escapes. Each one's `alert(1)` is replaced by a call to `__xss(N)` (N its number), a function the spec puts
 * in every page and frame: a payload that runs is caught by number, whatever the page did with it.
 */

/** One payload: `markup` goes where text or rich text goes, `url` where an address goes (it is one on its own). */
export interface XssPayload {
  id: number;
  kind: 'markup' | 'url';
  text: string;
}

/** `__xss(N)` spelled with HTML character references (OWASP "decimal/hex HTML character references"). */
const decimal = (s: string) => [...s].map((c) => `&#${c.charCodeAt(0)};`).join('');
const hex = (s: string) => [...s].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('');

const MARKUP: ((n: number) => string)[] = [
  // Script elements
  (n) => `<script>__xss(${n})</script>`,
  (n) => `<SCRIPT SRC="data:text/javascript,__xss(${n})"></SCRIPT>`,
  (n) => `<script/xss>__xss(${n})</script>`,
  (n) => `<<SCRIPT>__xss(${n});//<</SCRIPT>`,
  (n) => `</script><script>__xss(${n})</script>`,
  (n) => `<scr<script>ipt>__xss(${n})</scr</script>ipt>`,
  // Event handlers
  (n) => `<img src=x onerror=__xss(${n})>`,
  (n) => `<IMG SRC=/ onerror="__xss(${n})"></img>`,
  (n) => `<img src=x:x onerror=__xss&#40;${n}&#41;>`,
  (n) => `<svg onload=__xss(${n})>`,
  (n) => `<svg><animate onbegin=__xss(${n}) attributeName=x dur=1s>`,
  (n) => `<body onload=__xss(${n})>`,
  (n) => `<details open ontoggle=__xss(${n})>`,
  (n) => `<video><source onerror=__xss(${n})></video>`,
  (n) => `<audio src=x onerror=__xss(${n})>`,
  (n) => `<input autofocus onfocus=__xss(${n})>`,
  (n) => `<marquee onstart=__xss(${n})>x</marquee>`,
  (n) => `<div style="width:1000px;height:1000px" onmouseover=__xss(${n})>x</div>`,
  (n) => `<style>@keyframes x{}</style><p style="animation-name:x" onanimationstart=__xss(${n})>x</p>`,
  (n) => `<img src=x onerror=__xss\`${n}\`>`,
  (n) => `<img/src="x"/onerror="__xss(${n})">`,
  (n) => `<IMG """><SCRIPT>__xss(${n})</SCRIPT>">`,
  // Links, forms and frames with script addresses
  (n) => `<a href="javascript:__xss(${n})">x</a>`,
  (n) => `<a href="jav&#x09;ascript:__xss(${n})">x</a>`,
  (n) => `<a href="${decimal(`javascript:__xss(${n})`)}">x</a>`,
  (n) => `<a href="${hex(`javascript:__xss(${n})`)}">x</a>`,
  (n) => `<a href=" &#14;  javascript:__xss(${n})">x</a>`,
  (n) => `<a href="JaVaScRiPt:__xss(${n})">x</a>`,
  (n) => `<a href="vbscript:__xss(${n})">x</a>`,
  (n) => `<a href="data:text/html;base64,${btoa(`<script>__xss(${n})</script>`)}">x</a>`,
  (n) => `<form action="javascript:__xss(${n})"><button>x</button></form>`,
  (n) => `<form><button formaction="javascript:__xss(${n})">x</button></form>`,
  (n) => `<iframe src="javascript:__xss(${n})"></iframe>`,
  (n) => `<iframe srcdoc="<script>parent.__xss(${n})</script>"></iframe>`,
  (n) => `<iframe src="data:text/html,<script>__xss(${n})</script>"></iframe>`,
  (n) => `<object data="javascript:__xss(${n})"></object>`,
  (n) => `<embed src="data:text/html,<script>__xss(${n})</script>">`,
  (n) => `<svg><a xlink:href="javascript:__xss(${n})"><text x="20" y="20">x</text></a></svg>`,
  (n) => `<math><a xlink:href="javascript:__xss(${n})">x</a></math>`,
  (n) => `<base href="javascript:__xss(${n})//">`,
  (n) => `<meta http-equiv="refresh" content="0;url=javascript:__xss(${n})">`,
  // Styles
  (n) => `<div style="background-image:url(javascript:__xss(${n}))">x</div>`,
  (n) => `<div style="width:expression(__xss(${n}))">x</div>`,
  (n) => `<link rel="stylesheet" href="javascript:__xss(${n})">`,
  // Attribute and text breakouts
  (n) => `"><svg onload=__xss(${n})>`,
  (n) => `'><img src=x onerror=__xss(${n})>`,
  (n) => `" autofocus onfocus="__xss(${n})`,
  (n) => `</title><script>__xss(${n})</script>`,
  (n) => `</textarea><img src=x onerror=__xss(${n})>`,
  (n) => `--><img src=x onerror=__xss(${n})>`,
  (n) => `]]><img src=x onerror=__xss(${n})>`,
  // Mutation XSS (parser differentials: PortSwigger "mXSS"; DOMPurify bypasses)
  (n) => `<noscript><p title="</noscript><img src=x onerror=__xss(${n})>">`,
  (n) => `<svg></p><style><a id="</style><img src=1 onerror=__xss(${n})>">`,
  (n) => `<math><mtext><table><mglyph><style><img src=x onerror=__xss(${n})>`,
  (n) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror=__xss(${n})>`,
  (n) => `<template><img src=x onerror=__xss(${n})></template>`,
  // Template injection and escapes in scripts
  (n) => `{{constructor.constructor('__xss(${n})')()}}`,
  (n) => `\${__xss(${n})}`,
  (n) => `\\u003cimg src=x onerror=__xss(${n})\\u003e`,
  (n) => `\u003cimg src=x onerror=__xss(${n})\u003e`,
  (n) => `\\"};__xss(${n});//`,
];

const URLS: ((n: number) => string)[] = [
  (n) => `javascript:__xss(${n})`,
  (n) => `JaVaScRiPt:__xss(${n})`,
  (n) => ` \tjava\nscript:__xss(${n})`,
  (n) => `javascript&colon;__xss(${n})`,
  (n) => `java%0ascript:__xss(${n})`,
  (n) => `vbscript:__xss(${n})`,
  (n) => `data:text/html,<script>__xss(${n})</script>`,
  (n) => `data:text/html;base64,${btoa(`<script>__xss(${n})</script>`)}`,
  (n) => `data:image/svg+xml,<svg onload="__xss(${n})"/>`,
  (n) => `//evil.example/${n}`,
  (n) => `https://example.com/" onmouseover="__xss(${n})`,
  (n) => `https://example.com/#"><img src=x onerror=__xss(${n})>`,
];

/** Every payload, numbered from 1 (markup first, then addresses). */
export const XSS_PAYLOADS: XssPayload[] = [
  ...MARKUP.map((make, i) => ({ id: i + 1, kind: 'markup' as const, text: make(i + 1) })),
  ...URLS.map((make, i) => ({ id: MARKUP.length + i + 1, kind: 'url' as const, text: make(MARKUP.length + i + 1) })),
];

export const MARKUP_PAYLOADS = XSS_PAYLOADS.filter((p) => p.kind === 'markup');
export const URL_PAYLOADS = XSS_PAYLOADS.filter((p) => p.kind === 'url');
