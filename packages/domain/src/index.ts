export * from "./navigation";
export * from "./pagination";
export * from "./text";
export * from "./validation-message";
export * from "./auth-redirect";
export * from "./password";
export * from "./session";
export * from "./content";
