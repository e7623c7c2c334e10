import { scheduleNow } from '~/lib/clock.server';
import { sanitizeRichText } from '~/lib/html.server';
import { SCHOOL_TIME_ZONE } from '~/lib/school-zone';
import type { WidgetData, WidgetLoadContext } from '../types';
import type { CountdownProps } from './countdown';
import { endlessEnd, evergreenKey, intervalMs, SECOND_MS, schoolDateTimeToMs } from './model';
import type { CountdownSettings } from './settings';

const dueFormat = new Intl.DateTimeFormat('id-ID', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SCHOOL_TIME_ZONE,
});

/**
 * The countdown's first paint, counted on the server's clock (`scheduleNow`: the e2e suite moves it):
 * the digits a visitor sees before any script are right when the page is made. A cached page is up to
 * a minute old: the browser counts from the real time at once. An evergreen countdown shows a first
 * visit's whole interval (a returning visitor's end is in their browser); a page made after a due date
 * shows the expired state.
 */
export function loadCountdown(s: CountdownSettings, ctx: WidgetLoadContext): Promise<WidgetData<CountdownProps>> {
  const now = scheduleNow().getTime();
  const due = s.dueDate ? schoolDateTimeToMs(s.dueDate) : null;
  const interval = intervalMs(s.intervalHours, s.intervalMinutes);
  let end: number | null = null;
  if (s.type === 'evergreen') end = interval > 0 ? now + interval : null;
  else if (due !== null) end = s.type === 'endless' ? endlessEnd(due, interval, now) : due;
  const props: CountdownProps = {
    settings: s,
    // A due date or endless countdown without its date has nothing to count to: nothing is shown.
    missing: s.type !== 'evergreen' && due === null,
    // Whole seconds, counted up as the digits are: the same props for a second's views, so the page's
    // static parts around it are rendered once a second, not once a view (lib/static-markup.server.ts).
    remaining: end === null ? 0 : Math.max(0, Math.ceil((end - now) / SECOND_MS) * SECOND_MS),
    expired: end !== null && end <= now,
    due,
    interval,
    dueText: s.type === 'due_date' && due !== null && s.showDueDate ? `${dueFormat.format(due)} WIB` : null,
    messageHtml: s.message ? sanitizeRichText(s.message) : '',
    storageKey: evergreenKey(ctx.postId, ctx.elementId),
  };
  return Promise.resolve({ props });
}
