import { STAFF_PERMISSIONS, STAFF_ROLES } from "@pinjaman/domain/staff";
import { z } from "zod";

/** GET app_api/v1/staff/me — who the signed-in staff member is and what they may do (decision 0026). */
export const staffMeResponse = z.object({
  data: z.object({
    id: z.string().uuid(),
    name: z.string(),
    email: z.string(),
    roles: z.array(z.enum(STAFF_ROLES)),
    permissions: z.array(z.enum(STAFF_PERMISSIONS)),
  }),
});
export type StaffMe = z.infer<typeof staffMeResponse>["data"];
