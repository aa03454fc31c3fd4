import type { StaffMe } from "@pinjaman/contracts/staff";
import type { StaffPermission } from "@pinjaman/domain/staff";
import { createContext, useContext } from "react";

export const StaffContext = createContext<StaffMe | null>(null);

/** The signed-in staff member, inside the back office (its layout's loader refused everyone else). */
export function useStaff(): StaffMe {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error("useStaff outside the back office");
  return staff;
}

/** Whether the staff member may do what this permission allows (to show or hide an action; the API decides). */
export function useCan(permission: StaffPermission): boolean {
  return useStaff().permissions.includes(permission);
}
