export { useStaffMe } from "./api/staff-session";
export { getStaffToken as hasStaffSession } from "./api/staff-token";
export { ConsoleShell } from "./components/console-shell";
export { InvitationSetup } from "./components/invitation-setup";
export { MembersRoom } from "./components/members-room";
export { AuditRoom, ConsoleHome, SessionsRoom, StaffRoom } from "./components/rooms";
export { StaffSignIn } from "./components/sign-in";
export { BusinessRoom } from "./components/business-room";
export { ContentRoom } from "./components/content-room";
