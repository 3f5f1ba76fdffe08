export * from "./hero-art";
export * from "./content-type-art";
export * from "./topic-icon";
export * from "./step-icon";
export * from "./framework-art";
export * from "./media-logo";
