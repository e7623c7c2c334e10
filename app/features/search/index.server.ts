export { postMatches } from './search.server';
