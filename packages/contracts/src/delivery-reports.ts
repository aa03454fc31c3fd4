import { z } from "zod";

/**
 * Infobip's time stamps: ISO 8601 with the offset written with or without a colon
 * (`2026-05-04T10:15:00.000+0000`, as its SMS reports send it).
 */
const infobipTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/, { abort: true })
  .refine((text) => !Number.isNaN(Date.parse(text.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"))));

const infobipStatus = z.object({
  groupId: z.number().int().optional(),
  /** PENDING, UNDELIVERABLE, DELIVERED, EXPIRED, REJECTED. */
  groupName: z.string().min(1).max(40),
  id: z.number().int().optional(),
  name: z.string().max(100).optional(),
  description: z.string().max(500).optional(),
});

/** One message's report (fields we do not read, such as price and mccMnc, are allowed and dropped). */
export const infobipReport = z.object({
  /** The messageId Infobip answered when it accepted the message. */
  messageId: z.string().min(1).max(100),
  bulkId: z.string().max(100).optional(),
  to: z.string().max(40).optional(),
  sentAt: infobipTime.optional(),
  doneAt: infobipTime.optional(),
  status: infobipStatus,
  error: z
    .object({
      groupId: z.number().int().optional(),
      groupName: z.string().max(40).optional(),
      id: z.number().int().optional(),
      name: z.string().max(100).optional(),
      description: z.string().max(500).optional(),
      permanent: z.boolean().optional(),
    })
    .nullish(),
});
export type InfobipReport = z.infer<typeof infobipReport>;

/**
 * POST pub_api/v1/infobip/delivery_reports: what Infobip posts to a message's notifyUrl
 * (notifyContentType application/json), up to 100 reports at a time by default.
 */
export const infobipDeliveryReports = z.object({ results: z.array(infobipReport).min(1).max(1000) });
export type InfobipDeliveryReports = z.infer<typeof infobipDeliveryReports>;

/** The webhook's shared secret, sent as a query parameter of the notifyUrl (INFOBIP_NOTIFY_SECRET). */
export const infobipReportQuery = z.object({ secret: z.string().max(200).optional() });

export const infobipDeliveryReportsResponse = z.object({
  data: z.object({
    /** Reports that changed a delivery's status. */
    updated: z.number().int().min(0),
    /** Reports for a known message that changed nothing (a replay, a pending report, a failure after delivered). */
    unchanged: z.number().int().min(0),
    /** Reports naming no message of ours: acknowledged and ignored. */
    unknown: z.number().int().min(0),
  }),
});
