export { ComingSoonView } from "./components/coming-soon-view";
export { comingSoonQueryOptions } from "./api/get-coming-soon";
