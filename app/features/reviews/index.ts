/** The reviews feature's browser-safe surface (the server half is index.server.ts). */
export * from './model';
export { loadReviewWidgets, PostReviews } from './ui/lazy-widgets';
