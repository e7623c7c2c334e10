import { expect, test } from 'vitest';
import { parseStoredSettings } from '~/lib/link-setting';
import { countdownSettings, DEFAULT_INTERVAL_HOURS, MAX_INTERVAL_HOURS } from './settings';

test('defaults: a due date countdown with the four units in Indonesian, no action', () => {
  expect(countdownSettings.parse({})).toEqual({
    type: 'due_date',
    intervalHours: DEFAULT_INTERVAL_HOURS,
    intervalMinutes: 0,
    expireActions: [],
    message: '',
    caption: 'Sisa waktu',
    showDays: true,
    showHours: true,
    showMinutes: true,
    showSeconds: true,
    showDueDate: true,
    daysLabel: 'Hari',
    hoursLabel: 'Jam',
    minutesLabel: 'Menit',
    secondsLabel: 'Detik',
  });
});

test("the types and the expiry actions are the spec's", () => {
  for (const type of ['due_date', 'evergreen', 'endless']) {
    expect(countdownSettings.safeParse({ type }).success).toBe(true);
  }
  expect(
    countdownSettings.parse({ expireActions: ['redirect', 'message', 'hide', 'restart'] }).expireActions,
  ).toHaveLength(4);
});

test.each([
  [{ type: 'weekly' }],
  [{ expireActions: ['explode'] }],
  [{ dueDate: '2027-06-31T10:00' }],
  [{ dueDate: '12 Juni 2027' }],
  [{ intervalHours: -1 }],
  [{ intervalHours: MAX_INTERVAL_HOURS + 1 }],
  [{ intervalHours: 1.5 }],
  [{ intervalMinutes: 60 }],
  [{ redirectUrl: 'javascript:alert(1)' }],
  [{ daysLabel: '' }],
  [{ message: 'x'.repeat(5001) }],
])('%j is refused', (settings) => expect(countdownSettings.safeParse(settings).success).toBe(false));

test('an interval of 0 is allowed (the evergreen countdown then does not start)', () => {
  expect(countdownSettings.safeParse({ type: 'evergreen', intervalHours: 0, intervalMinutes: 0 }).success).toBe(true);
});

test('a stored page with settings out of range reads with the defaults', () => {
  const read = parseStoredSettings(countdownSettings, {
    type: 'evergreen',
    intervalHours: 99_999,
    intervalMinutes: 90,
    redirectUrl: 'javascript:x',
  });
  expect(read.success).toBe(true);
  expect(read.data).toMatchObject({ type: 'evergreen', intervalHours: DEFAULT_INTERVAL_HOURS, intervalMinutes: 0 });
  expect(read.data?.redirectUrl).toBeUndefined();
});
