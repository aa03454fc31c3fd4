import type { Device, deviceFields } from "@pinjaman/contracts/identity";
import type { Db } from "@pinjaman/db";
import { schema } from "@pinjaman/db";
import { t } from "@pinjaman/i18n";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { FieldErrors } from "../../plugins/errors.ts";
import { searchConditions, type SearchableFields, type SearchFilter } from "../identity/search-filters.ts";
import "@pinjaman/i18n/ns/account";

type DeviceRow = typeof schema.devices.$inferSelect;

function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    identifier: row.identifier,
    type_key: row.typeKey as Device["type_key"],
    token: row.token,
    token_type: row.tokenType as Device["token_type"],
    operating_system: row.operatingSystem,
    deactivated_at: row.deactivatedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Spec section 4: the device's identifier is the customer id; anything else is refused (422). */
export async function createDevice(db: Db, customerId: string, input: z.infer<typeof deviceFields>): Promise<Device> {
  if (input.identifier !== customerId) {
    throw new FieldErrors({ identifier: [t("account.device.identifier_mismatch")] }, 422);
  }
  const [row] = await db
    .insert(schema.devices)
    .values({
      customerId,
      identifier: input.identifier,
      typeKey: input.type_key,
      token: input.token,
      tokenType: input.token_type,
      operatingSystem: input.operating_system,
    })
    .returning();
  if (!row) throw new Error("device not stored");
  return toDevice(row);
}

const DEVICE_FIELDS: SearchableFields = {
  identifier: { column: schema.devices.identifier, ops: ["equals", "contains"] },
  deactivated_at: { column: schema.devices.deactivatedAt, ops: ["empty", "present"] },
};

/** The customer's own devices matching the filters, newest first. */
export async function searchDevices(db: Db, customerId: string, filters: readonly SearchFilter[]): Promise<Device[]> {
  const conditions = searchConditions(filters, DEVICE_FIELDS);
  const rows = await db
    .select()
    .from(schema.devices)
    .where(and(eq(schema.devices.customerId, customerId), ...conditions))
    .orderBy(desc(schema.devices.createdAt), desc(schema.devices.id));
  return rows.map(toDevice);
}

/**
 * Marks the customer's device deactivated; an already deactivated one is returned unchanged.
 * Null when the customer has no such device (someone else's is as unknown as a missing one).
 */
export async function deactivateDevice(db: Db, customerId: string, deviceId: string, now = new Date()): Promise<Device | null> {
  const own = and(eq(schema.devices.id, deviceId), eq(schema.devices.customerId, customerId));
  const [current] = await db.select().from(schema.devices).where(own).limit(1);
  if (!current) return null;
  if (current.deactivatedAt) return toDevice(current);
  const [updated] = await db.update(schema.devices).set({ deactivatedAt: now }).where(own).returning();
  return toDevice(updated ?? current);
}
