export * from "./logo-mark";
export * from "./social-icon";
export * from "./store-badges";
