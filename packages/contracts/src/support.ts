import { z } from "zod";

/** POST pub_api/v1/open/support_requests — a visitor's message from the chat launcher. */
export const supportRequestBody = z.object({
  data: z.object({
    name: z.string().trim().min(2).max(100),
    contact: z.string().trim().min(5).max(120),
    message: z.string().trim().min(5).max(2000),
    page_path: z.string().max(300).default("/"),
  }),
});
export type SupportRequestBody = z.infer<typeof supportRequestBody>;

export const supportRequestResponse = z.object({
  data: z.object({
    id: z.number().int(),
    reference: z.string(),
    created_at: z.string(),
    /** Kept by the chat panel to read the answers (supportLookupBody); shown to nobody. */
    access_token: z.string(),
  }),
});
export type SupportRequestResponse = z.infer<typeof supportRequestResponse>;

/**
 * The secret the chat panel keeps (browser storage) to read the answers to its messages; given
 * once, with the reference, in the 201 of POST support_requests.
 */
export const supportAccessToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** POST pub_api/v1/open/support_requests/lookup — the panel's own messages and their answers. */
export const supportLookupBody = z.object({
  data: z.object({ tokens: z.array(supportAccessToken).min(1).max(20) }),
});
export type SupportLookupBody = z.infer<typeof supportLookupBody>;

export const supportAnswer = z.object({ id: z.number().int(), body: z.string(), created_at: z.string() });
export type SupportAnswer = z.infer<typeof supportAnswer>;

export const supportThread = z.object({
  reference: z.string(),
  message: z.string(),
  status: z.enum(["open", "answered", "closed"]),
  created_at: z.string(),
  answers: z.array(supportAnswer),
});
export type SupportThread = z.infer<typeof supportThread>;

export const supportLookupResponse = z.object({ data: z.array(supportThread) });
export type SupportLookupResponse = z.infer<typeof supportLookupResponse>;
