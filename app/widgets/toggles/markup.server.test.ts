import { expect, test } from 'vitest';
import { untilFoundHtml } from './markup.server';

test('a hidden panel stays in the HTML, hidden until found; attributes are escaped', () => {
  expect(
    untilFoundHtml('section', { id: 'visi', 'aria-label': 'Visi & "Misi"', lang: undefined }, '<p>x</p>', true),
  ).toBe('<section id="visi" aria-label="Visi &#38; &#34;Misi&#34;" hidden="until-found"><p>x</p></section>');
  expect(untilFoundHtml('div', { class: 'a' }, '', false)).toBe('<div class="a"></div>');
});
