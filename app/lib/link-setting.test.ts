import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { linkSetting, parseStoredSettings } from './link-setting';

const schema = z.object({
  title: z.string().min(1),
  url: linkSetting(),
  duration: z.number().int().min(100).max(2000).default(300),
  items: z.array(z.object({ id: z.string().regex(/^[a-z]+$/), label: z.string().min(1) })).default([]),
});

describe('parseStoredSettings', () => {
  it('keeps settings its schema accepts as they are', () => {
    const stored = { title: 'FAQ', url: '/ppdb/', duration: 500, items: [{ id: 'a', label: 'A' }] };
    expect(parseStoredSettings(schema, stored).data).toEqual(stored);
  });

  it('reads an out-of-range setting as its default', () => {
    const parsed = parseStoredSettings(schema, { title: 'FAQ', url: '/', duration: 99_999 });
    expect(parsed.data).toEqual({ title: 'FAQ', url: '/', duration: 300, items: [] });
  });

  it("drops a list's refused items and keeps the others", () => {
    const parsed = parseStoredSettings(schema, {
      title: 'FAQ',
      url: '/',
      items: [{ id: 'a', label: 'A' }, { id: 'B!', label: 'bad id' }, { id: 'c' }, { id: 'd', label: 'D' }],
    });
    expect(parsed.data?.items).toEqual([
      { id: 'a', label: 'A' },
      { id: 'd', label: 'D' },
    ]);
  });

  it('drops an unsafe link that has no default, and keeps the rest', () => {
    const parsed = parseStoredSettings(schema, { title: 'Daftar', url: 'javascript:alert(1)', duration: 400 });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ title: 'Daftar', duration: 400, items: [] });
  });

  it('still fails when a required setting without a default is refused and nothing can stand in', () => {
    expect(parseStoredSettings(schema, { title: '', url: '/' }).success).toBe(false);
  });

  it('does not change the stored object it was given', () => {
    const stored = { title: 'FAQ', url: '/', duration: -1 };
    parseStoredSettings(schema, stored);
    expect(stored.duration).toBe(-1);
  });
});
