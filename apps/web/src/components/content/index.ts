export { ContentCard, LockIcon, type ContentCardLook } from "./content-card";
export { EmptyState } from "./empty-state";
export { contentLength, contentPath } from "./format";
export { Slider, SLIDER_GAP, type SliderLayout } from "./slider";
export { TagChips, toggleTag } from "./tag-chips";
export { SMALL_SCREEN, useMediaQuery } from "./use-media-query";
