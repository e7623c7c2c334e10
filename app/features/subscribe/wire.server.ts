import { z } from 'zod';
import { clientAddress } from '~/lib/rate-limit.server';
import { siteOrigin } from '~/lib/route.server';
import { defineAction, wireBool } from '~/wire/registry.server';
import { SUBSCRIBE, SUBSCRIBE_FIELD_NAME, SUBSCRIBE_MESSAGES } from './model';
import { type Subscription, subscribe } from './subscribe.server';

/** A field name of the form's `additional` inputs. */
const fieldName = z.string().regex(SUBSCRIBE_FIELD_NAME, 'a field name is letters, digits, - and _');

/** What the original client posts as `data[…]` (original-wire.md §7); the plain form's fields too. */
export const subscribeData = z
  .object({
    email: z.string().max(1000, 'the e-mail is longer than 1,000 characters'),
    use_target_list_id: wireBool.optional(),
    target_list_id: z.string().max(SUBSCRIBE.maxListId).optional(),
    // The widget's own settings (redirect and so on): the client acts on them, the server does not.
    data: z.unknown().optional(),
    additional: z
      .record(fieldName.max(SUBSCRIBE.maxFieldName), z.string().max(SUBSCRIBE.maxFieldValue))
      .refine((f) => Object.keys(f).length <= SUBSCRIBE.maxFields, `at most ${SUBSCRIBE.maxFields} extra fields`)
      .optional(),
  })
  .loose();

/** The form's fields as the server takes them: the list id only when the form says to use it. */
export function subscriptionOf(d: z.output<typeof subscribeData>): Subscription {
  return {
    email: d.email,
    listId: d.use_target_list_id ? (d.target_list_id ?? '') : '',
    fields: d.additional ?? {},
  };
}

const input = z.object({ data: subscribeData.optional() }).loose();

/**
 * Call 17: `POST admin-ajax.php` `action=jet_subscribe_form_ajax` with `data[email]`, `data[use_target_list_id]`,
 * `data[target_list_id]`, `data[data][…]`, `data[additional][name]`. The answer is bare `{type, message}`
 * as the original's; a request without `data` gets the original's wrapped error. A write without a
 * nonce, as the original: the double opt-in mail and the rate limits keep it from being abused.
 */
export const subscribeAction = defineAction({
  name: 'jet_subscribe_form_ajax',
  auth: 'anyone',
  nonce: false,
  methods: ['POST'],
  input,
  async handle(i: z.infer<typeof input>, ctx) {
    if (!i.data) {
      return Response.json(
        { success: false, data: { type: 'error', message: SUBSCRIBE_MESSAGES.serverError } },
        { status: 400, headers: { 'cache-control': 'no-store' } },
      );
    }
    const { status, ...answer } = await subscribe(
      { db: ctx.db, secret: ctx.nonceSecret, origin: siteOrigin(ctx.request), address: clientAddress(ctx.request) },
      subscriptionOf(i.data),
    );
    return Response.json(answer, { status, headers: { 'cache-control': 'no-store' } });
  },
});
