export { AuthLayout } from "./auth-layout";
export { BackButton } from "./back-button";
export { MemberShell } from "./member-shell";
export { PublicPage } from "./public-page";
export { SiteFooter } from "./site-footer";
export { SiteHeader } from "./site-header";
