import { z } from 'zod';
import { SUBSCRIBE, SUBSCRIBE_FIELD_NAME } from './model';

/**
 * The subscribe form widget's settings (spec 000 §3 "Subscribe payload", original-wire.md §7): the
 * list the form subscribes to, its extra fields and where a visitor goes once subscribed.
 * Server-only: zod stays out of the browser bundle.
 */
export const subscribeFormSettings = z.object({
  placeholder: z.string().min(1).max(100).default('Alamat e-mail Anda'),
  buttonLabel: z.string().min(1).max(50).default('Berlangganan'),
  /** Sent as `target_list_id` with `use_target_list_id` when set. */
  listId: z.string().min(1).max(SUBSCRIBE.maxListId).optional(),
  /** Extra text fields, sent as `additional[name]`. */
  fields: z
    .array(
      z.object({
        name: z.string().max(SUBSCRIBE.maxFieldName).regex(SUBSCRIBE_FIELD_NAME),
        label: z.string().min(1).max(100),
      }),
    )
    .max(SUBSCRIBE.maxFields)
    .default([]),
  /** Where the browser goes after a successful subscribe: a path of this site or an http(s) address. */
  redirect: z
    .string()
    .max(500)
    .regex(/^(\/(?!\/)|https?:\/\/)/, 'a path of this site or an http(s) address')
    .optional(),
});
