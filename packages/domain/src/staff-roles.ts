/**
 * Who on the staff may do what in the operator console (decision 067). Every admin call names one
 * permission and the server checks it against the caller's role; the console only hides what the
 * role cannot do.
 */
export const STAFF_ROLES = ["owner", "support", "editor", "analyst"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  /** Invite staff, change their roles, disable them, end their sessions. */
  "staff.manage",
  /** Read and export the audit log. */
  "audit.read",
  /** Find members and read their accounts, money and history. */
  "members.read",
  /** Change a member's account or subscription on their behalf, resend e-mail, start a removal. */
  "members.write",
  /** Refund charges, grant complimentary premium, clear a stuck purchase. */
  "money.write",
  /** Create, edit, publish and withdraw content. */
  "content.write",
  /** Read the dashboards. */
  "dashboards.read",
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const GRANTS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: STAFF_PERMISSIONS,
  support: ["members.read", "members.write", "money.write"],
  editor: ["content.write"],
  analyst: ["dashboards.read"],
};

export const isStaffRole = (value: unknown): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);

/** Whether a member of staff with `role` may do what `permission` covers. */
export function staffMay(role: StaffRole, permission: StaffPermission): boolean {
  return GRANTS[role].includes(permission);
}

/** What a role may do, for the console to show only what it can use. */
export const permissionsOf = (role: StaffRole): StaffPermission[] => [...GRANTS[role]];

/** How long staff sign-ins last: short, and ended by an hour without a call. */
export const STAFF_SESSION = {
  /** From the password to the second factor. */
  challengeMinutes: 5,
  /** Wrong codes a challenge takes before it ends (sign in again). */
  challengeAttempts: 5,
  idleMinutes: 60,
  absoluteHours: 12,
} as const;

/** An invitation link is good this long. */
export const STAFF_INVITATION_DAYS = 7;

/** Recovery codes given when two-factor sign-in is set up, each good once. */
export const STAFF_RECOVERY_CODES = 10;

/** When a staff session ends if it is used at `at`: an hour later, never past the absolute lifetime. */
export function staffSessionExpiry(createdAt: Date, at: Date): Date {
  const idle = at.getTime() + STAFF_SESSION.idleMinutes * 60_000;
  const absolute = createdAt.getTime() + STAFF_SESSION.absoluteHours * 3_600_000;
  return new Date(Math.min(idle, absolute));
}
