import { describe, expect, it } from "vitest";
import { permissionsOf, STAFF_PERMISSIONS, STAFF_ROLES, staffMay, staffSessionExpiry } from "./staff-roles.ts";

describe("staff roles", () => {
  it("gives the owner everything, and each other role only its room", () => {
    expect(permissionsOf("owner")).toEqual([...STAFF_PERMISSIONS]);
    expect(permissionsOf("support")).toEqual(["members.read", "members.write", "money.write"]);
    expect(permissionsOf("editor")).toEqual(["content.write"]);
    expect(permissionsOf("analyst")).toEqual(["dashboards.read"]);
  });

  it("lets only the owner manage staff and read the audit log", () => {
    for (const role of STAFF_ROLES) {
      expect(staffMay(role, "staff.manage"), role).toBe(role === "owner");
      expect(staffMay(role, "audit.read"), role).toBe(role === "owner");
    }
  });

  it("ends a session an hour after its last use, and never past twelve hours", () => {
    const start = new Date("2026-11-29T08:00:00Z");
    expect(staffSessionExpiry(start, start).toISOString()).toBe("2026-11-29T09:00:00.000Z");
    expect(staffSessionExpiry(start, new Date("2026-11-29T19:30:00Z")).toISOString()).toBe("2026-11-29T20:00:00.000Z");
    expect(staffSessionExpiry(start, new Date("2026-11-29T19:59:00Z")).toISOString()).toBe("2026-11-29T20:00:00.000Z");
  });
});
