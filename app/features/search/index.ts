export { searchTerms } from './model';
