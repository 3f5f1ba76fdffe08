export { BackButton } from "./back-button";
export { PublicPage } from "./public-page";
export { SiteFooter } from "./site-footer";
export { SiteHeader } from "./site-header";
