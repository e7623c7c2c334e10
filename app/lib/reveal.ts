/**
 * The event a same-page hash link's target hears before the page scrolls to it (issue 22; sent by
 * widgets/behaviours.ts): the page widgets around it show it if they hide it (a tab selects its panel,
 * a toggle opens).
 */
export const REVEAL_EVENT = 'behaviour:reveal';
