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
  data: z.object({ id: z.number().int(), reference: z.string(), created_at: z.string() }),
});
export type SupportRequestResponse = z.infer<typeof supportRequestResponse>;
