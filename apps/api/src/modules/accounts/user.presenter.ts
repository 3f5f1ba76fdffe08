import type { User } from "@serene/contracts";
import type { UserRow } from "./accounts.repository.ts";

/** The member as GET and PUT /user answer: `pending_email` is a new address awaiting its link. */
export function presentUser(user: UserRow, pendingEmail: string | null): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    pending_email: pendingEmail,
    goal: user.goal,
    has_password: user.passwordHash !== null,
    created_at: user.createdAt.toISOString(),
  };
}
