export * from "./analytics-events";
export * from "./app-settings";
export * from "./faq-items";
