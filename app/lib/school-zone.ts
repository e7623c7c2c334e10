/**
 * The school's time zone (WIB, Jakarta): dates are shown in it. Apart from school-time.ts so that
 * formatting a date never pulls the calendar library into a page's JavaScript.
 */
export const SCHOOL_TIME_ZONE = 'Asia/Jakarta';
