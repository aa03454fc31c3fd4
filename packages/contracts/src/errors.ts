import { z } from "zod";

/** Every 4xx/5xx body: a code, a human message and, for bad input, messages per field. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
