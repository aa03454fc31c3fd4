import { z } from "zod";

/** POST pub_api/v1/open/products/{productKey}/default_offer/schedule */
export const defaultOfferScheduleParams = z.object({ productKey: z.string().min(1).max(64) });

/**
 * POST pub_api/v1/open/offers/{id}/schedule: the offer of an open flow progress (its id); the
 * body and the answer are the default offer's.
 */
export const offerScheduleParams = z.object({ id: z.uuid() });

export const defaultOfferScheduleRequest = z.object({
  data: z.object({
    amount: z.number().int().nonnegative(),
    term: z.number().int().nonnegative(),
  }),
});
export type DefaultOfferScheduleRequest = z.infer<typeof defaultOfferScheduleRequest>;

export const scheduleInstalment = z.object({
  number: z.number().int(),
  due_on: z.string(),
  principal: z.number().int(),
  interest: z.number().int(),
  amount: z.number().int(),
});

export const offerSchedule = z.object({
  product_key: z.string(),
  amount: z.number().int(),
  term: z.number().int(),
  daily_rate_ppm: z.number().int(),
  total_interest: z.number().int(),
  total_repayment: z.number().int(),
  monthly_instalment: z.number().int(),
  instalments: z.array(scheduleInstalment),
});
export type OfferSchedule = z.infer<typeof offerSchedule>;

export const defaultOfferScheduleResponse = z.object({ data: offerSchedule });
export type DefaultOfferScheduleResponse = z.infer<typeof defaultOfferScheduleResponse>;
