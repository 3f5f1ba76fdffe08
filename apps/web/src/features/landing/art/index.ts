export * from "./hero-art";
