import { z } from "zod";
import { sessionInfo } from "./auth.ts";

/** GET app_api/v1/my/identity (spec section 7: data.data with id, name, customer_roles). */
export const customerRole = z.object({ id: z.uuid(), type_key: z.enum(["primary", "modifier", "operator", "admin"]) });
export type CustomerRole = z.infer<typeof customerRole>;

export const identityResponse = z.object({
  data: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    customer_roles: z.array(customerRole),
    /** The calling session, so the page can schedule its refresh (the cookie is HttpOnly). */
    session: sessionInfo,
  }),
});
export type Identity = z.infer<typeof identityResponse>["data"];

/** GET app_api/v1/profile */
export const profileResponse = z.object({
  data: z.object({ id: z.uuid(), name: z.string(), email: z.string(), phone: z.string().nullable(), created_at: z.string() }),
});
export type Profile = z.infer<typeof profileResponse>["data"];

/** POST app_api/v1/devices (spec section 3 device). */
export const deviceFields = z.object({
  identifier: z.string().min(1).max(100),
  type_key: z.enum(["mobile", "web"]),
  token: z.string().min(1).max(4096),
  token_type: z.enum(["firebase"]),
  operating_system: z.enum(["web", "android", "ios"]),
});
export const deviceCreateRequest = z.object({ data: deviceFields });
export const device = deviceFields.extend({ id: z.uuid(), deactivated_at: z.string().nullable(), created_at: z.string() });
export type Device = z.infer<typeof device>;
export const deviceResponse = z.object({ data: device });

/** The search body of spec section 7: filters of {field, op, value}. */
export const searchFilter = z.object({
  field: z.string().min(1).max(64),
  op: z.enum(["equals", "contains", "in", "empty", "present", "starts_with"]),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
});
export const searchRequest = z.object({ filters: z.array(searchFilter).max(20).default([]) });
export const devicesSearchResponse = z.object({ data: z.array(device) });

/** POST app_api/v1/customer_notices/search */
export const customerNotice = z.object({ id: z.uuid(), title: z.string(), body: z.string(), created_at: z.string(), read_at: z.string().nullable() });
export const customerNoticesResponse = z.object({ data: z.array(customerNotice) });
