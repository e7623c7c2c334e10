/** The reviews feature's server surface: page loaders, wire calls, the rating meta. */
export { CAPTCHA_OPTION, captchaEnabled } from './captcha.server';
export { guestIdOfMail, reviewFormAction } from './form.server';
export { loadPostReviews } from './loaders.server';
export { approvedSummary, starsOf, updateRatingSummary } from './rating-meta.server';
export { listReviews } from './read.server';
export { type ReviewsFile, reviewsFileSchema } from './settings';
export { findSource, type ReviewSource, userKey } from './sources.server';
export { RATE_LIMITS, reviewAjaxActions, reviewRestRoutes } from './wire.server';
