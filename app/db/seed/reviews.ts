import type { Db } from '~/db';
import type { Content } from './content';

/** Review types, sources and the demo reviews (issue 4; content/reviews.yaml). */
export async function seedReviews(_db: Db, _content: Content, _seededAt: string): Promise<void> {}
