import { Suspense } from 'react';
import { lazyModule } from '~/lib/lazy-module';

/**
 * The agenda calendar, loaded on demand: only pages that place it download its code and stylesheet.
 * Its widget loader loads the module on the server before the page renders, so the server writes it
 * in place; the browser hydrates it once its code is in (React keeps the server's HTML meanwhile).
 */
type CalendarModule = typeof import('./calendar');
type Props = Parameters<CalendarModule['AgendaCalendar']>[0];

const calendarModule = lazyModule((): Promise<CalendarModule> => import('./calendar'));

/** Loads the calendar's code once. */
export const loadAgendaCalendar = calendarModule.load;

const Lazy = calendarModule.component<Props>((m) => m.AgendaCalendar);

/** The `jet-listing-calendar` widget. */
export function AgendaCalendarWidget(props: Props) {
  return (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}
