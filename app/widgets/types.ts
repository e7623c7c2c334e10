import type { Db } from '~/db';

/**
 * Reads the stored settings of one widget of a published page (unparsed; null when absent). The wire
 * calls of lists use it so that a client's copy of the settings can never widen a query.
 */
export type FindStoredWidget = (db: Db, postId: number, elementId: string) => Promise<unknown | null>;
