export * from "./navigation";
export * from "./pagination";
export * from "./text";
export * from "./validation-message";
