import { describe, expect, test } from 'vitest';
import { isSafeLink, linkProblem } from './link';

describe('the link rule', () => {
  test.each([
    '/agenda/',
    '/category/prestasi/?urut=baru#atas',
    'https://dapodik.kemdikbud.go.id/',
    'http://contoh.sch.id',
    'HTTPS://contoh.sch.id/ppdb/',
    'mailto:info@contoh.sch.id',
    'MailTo:info@contoh.sch.id?subject=PPDB',
    'tel:+62225550142',
    'tel:022-555-0142',
  ])('%s is accepted', (url) => expect(linkProblem(url)).toBeNull());

  test.each([
    ['', 'Isi alamat tautan.'],
    ['javascript:alert(1)', /diawali \//],
    ['JaVaScRiPt:alert(1)', /diawali \//],
    ['vbscript:msgbox(1)', /diawali \//],
    ['data:text/html,<script>alert(1)</script>', /diawali \//],
    ['DATA:text/html;base64,PHNjcmlwdD4=', /diawali \//],
    // Browsers strip leading spaces and control characters, and tabs and newlines inside a scheme.
    [' javascript:alert(1)', /spasi/],
    ['\u0001javascript:alert(1)', /spasi/],
    ['\u00a0javascript:alert(1)', /spasi/],
    ['java\tscript:alert(1)', /spasi/],
    ['java\nscript:alert(1)', /spasi/],
    ['javascript\u0000:alert(1)', /spasi/],
    // Entity-encoded schemes are text to a browser reading an attribute React escaped, never a scheme.
    ['javascript&#58;alert(1)', /diawali \//],
    ['&#106;avascript:alert(1)', /diawali \//],
    ['//jahat.example/', /satu garis miring/],
    ['/\\jahat.example/', /satu garis miring/],
    ['agenda', /diawali \//],
    ['/ada spasi/', /spasi/],
    ['https://', /tidak valid/],
    ['http:jahat.example', /diawali \//],
    ['mailto:', /diawali \//],
    ['tel:alert(1)', /Nomor telepon/],
  ])('%j is refused', (url, problem) => {
    const answer = linkProblem(url);
    if (typeof problem === 'string') expect(answer).toBe(problem);
    else expect(answer).toMatch(problem);
    expect(isSafeLink(url)).toBe(false);
  });
});
