import { z } from "zod";

/**
 * UU PDP 27/2022 on the customer's side (/profile): a download of their data and a deletion
 * request. Deletion keeps what OJK requires (decision customers-chat-and-personal-data).
 */

/** GET app_api/v1/my/personal_data — everything we hold about the caller, as JSON (a file download). */
export const personalDataExport = z.object({
  generated_at: z.string(),
  /** The sections by table-like name; each a list of records or one record. */
  sections: z.record(z.string(), z.unknown()),
});
export type PersonalDataExport = z.infer<typeof personalDataExport>;

/** POST app_api/v1/my/personal_data/deletion — confirmed with the password. */
export const personalDataDeletionBody = z.object({ data: z.object({ password: z.string().min(1).max(200) }) });
export type PersonalDataDeletionBody = z.infer<typeof personalDataDeletionBody>;

export const personalDataDeletionResponse = z.object({
  data: z.object({
    id: z.uuid(),
    /** What was removed, in Indonesian sentences. */
    removed: z.array(z.string()),
    /** What is kept for OJK and why, in Indonesian sentences. */
    kept: z.array(z.string()),
  }),
});
export type PersonalDataDeletionResponse = z.infer<typeof personalDataDeletionResponse>;
