import { expect, test } from 'vitest';
import { readForm } from './form.server';

test('a multipart form as a browser posts it: the boundary keeps its capitals', async () => {
  const form = new FormData();
  form.set('judul', 'Lomba Sains');
  form.set('_token', 'abc');
  const encoded = new Request('http://x/', { method: 'POST', body: form });
  const type = encoded.headers.get('content-type') ?? '';
  // Chromium's boundary: `----WebKitFormBoundary` and 16 mixed-case characters.
  const boundary = '----WebKitFormBoundaryAbCdEfGh12345678';
  const body = (await encoded.text()).replaceAll(type.split('boundary=')[1] as string, boundary);
  const request = new Request('http://x/', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  expect(await readForm(request)).toEqual({ judul: 'Lomba Sains', _token: 'abc' });
});

test('url-encoded fields: the first value of each; other types refused', async () => {
  const post = (type: string, body: string) =>
    readForm(new Request('http://x/', { method: 'POST', headers: { 'content-type': type }, body }));
  expect(await post('Application/X-WWW-Form-Urlencoded; charset=UTF-8', 'a=1&a=2&b=%3Cb%3E')).toEqual({
    a: '1',
    b: '<b>',
  });
  await expect(post('text/plain', 'a=1')).rejects.toThrow('Formulir tidak dapat dibaca.');
});
