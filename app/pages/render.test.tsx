import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { Element } from '~/content/tree';
import { ServerHtmlBlock, ServerHtmlContext } from '~/lib/server-html';
import { toRenderedNodes } from './render.server';

const heading = (id: string, title: string): Element => ({
  id,
  type: 'widget',
  widget: 'heading',
  settings: { title, level: 2, align: 'left' },
  children: [],
});
const section = (id: string, children: Element[]): Element => ({
  id,
  type: 'section',
  settings: { layout: 'boxed', background: 'none', sticky: false },
  children: [{ id: `${id}-col`, type: 'column', settings: { width: 100 }, children }],
});
// A list widget is interactive: it must stay a widget with its props, everything else becomes HTML.
const list: Element = { id: 'list', type: 'widget', widget: 'posts', settings: {}, children: [] };
const tree = [section('hero', [heading('h1', 'Selamat Datang')]), section('news', [heading('h2', 'Berita'), list])];
const props = {
  h1: { title: 'Selamat Datang', level: 2, align: 'left' },
  h2: { title: 'Berita', level: 2, align: 'left' },
  list: { count: 0 },
};

test('static sections become one HTML block kept in the store; interactive widgets keep their frame and props', () => {
  const store = new Map<string, string>();
  const nodes = toRenderedNodes({ tree, props }, store);
  expect(nodes.map((n) => n.t)).toEqual(['html', 'section']);
  const first = nodes[0] as { t: 'html'; block: { key: string } };
  expect(store.get(first.block.key)).toContain('<h2 class="elementor-heading-title align-left">Selamat Datang</h2>');
  const news = nodes[1] as { t: 'section'; children: Array<{ t: string; children?: Array<{ t: string }> }> };
  expect(news.children[0]?.t).toBe('column');
  expect(news.children[0]?.children?.map((c) => c.t)).toEqual(['html', 'widget']);
});

test('without a store (a data request) the HTML travels in the node itself', () => {
  const nodes = toRenderedNodes({ tree, props }, null);
  expect(nodes[0]).toMatchObject({ t: 'html', block: { html: expect.stringContaining('Selamat Datang') } });
});

test('a block renders from the store on the server, from itself otherwise, and empty when neither has it', () => {
  const store = new Map([['b0', '<p>dari server</p>']]);
  const html = renderToStaticMarkup(
    <ServerHtmlContext.Provider value={store}>
      <ServerHtmlBlock block={{ key: 'b0' }} />
      <ServerHtmlBlock block={{ html: '<p>dalam data</p>' }} />
    </ServerHtmlContext.Provider>,
  );
  expect(html).toBe('<div><p>dari server</p></div><div><p>dalam data</p></div>');
  // In the browser there is no store: the block renders nothing itself and keeps the server's HTML.
  expect(renderToStaticMarkup(<ServerHtmlBlock block={{ key: 'b0' }} />)).toBe('<div></div>');
});
