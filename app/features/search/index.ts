export { MIN_SEARCH_LENGTH, searchTerms } from './model';
