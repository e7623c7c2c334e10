import { z } from 'zod';
import { STORES } from '~/features/stores/model';

/** The count badge widget (spec 000 §2 "a store count badge"): a link to the store's page with its count. */
export const storeCountSettings = z.object({
  store: z.string().refine((slug) => STORES.some((s) => s.slug === slug), 'an unknown store'),
  label: z.string().min(1).max(100),
});

export type StoreCountSettings = z.output<typeof storeCountSettings>;
