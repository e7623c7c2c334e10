import { expect, test, vi } from 'vitest';
import { staticMarkup } from './static-markup.server';

test('the same data renders once; other data renders anew, escaped', () => {
  const render = vi.fn((title: string) => <h3>{title}</h3>);
  const first = staticMarkup({ title: 'Lomba <Sains>' }, () => render('Lomba <Sains>'));
  const again = staticMarkup({ title: 'Lomba <Sains>' }, () => render('Lomba <Sains>'));
  const other = staticMarkup({ title: 'Pentas Seni' }, () => render('Pentas Seni'));
  expect(first).toBe('<h3>Lomba &lt;Sains&gt;</h3>');
  expect(again).toBe(first);
  expect(other).toBe('<h3>Pentas Seni</h3>');
  expect(render).toHaveBeenCalledTimes(2);
});
