export * from "./hero-art";
export * from "./content-type-art";
