import { z } from "zod";

/** GET /healthz (the process answers) and GET /readyz (the database answers, migrations applied). */
export const healthResponse = z.object({ status: z.literal("ok") });
export type HealthResponse = z.infer<typeof healthResponse>;
