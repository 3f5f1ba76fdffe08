export { SalesScreen, SalesFrame, SALES_FRAME_SLOTS } from "./sales-screen";
export { SalesPage, type SalesPageProps } from "./sales-page";
export { useSalesOffer, type SalesOffer, type SalesOfferSource } from "./hooks/use-sales-offer";
export type { AttachStream } from "./components/hero-video";
export { prefetchSalesOffer } from "./api/prefetch";
export { prefetchLead as prefetchSalesLead } from "../../lib/server-data/lead";
