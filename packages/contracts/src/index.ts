export * from "./account";
export * from "./analytics";
export * from "./client-config";
export * from "./common";
export * from "./faq";
export * from "./system";
export * from "./content";
export * from "./plans";
