/**
 * The event a hash link's target hears before the page scrolls to it (issue 22; sent by
 * pages/ui/anchor-scroll.ts): the page widgets around it show it if they hide it (a tab selects its
 * panel, a toggle opens; widgets/behaviours.ts does what the browser would for `<details>`).
 */
export const REVEAL_EVENT = 'behaviour:reveal';
