export { ContentCard, LockIcon, Pause, type ContentCardLook } from "./content-card";
export { EmptyState } from "./empty-state";
export { contentLength, contentPath } from "./format";
export { SeeAllLink } from "./see-all-link";
export { Slider, SLIDER_GAP, type SliderLayout } from "./slider";
export { TagChips, toggleTag, type TagChipsLook } from "./tag-chips";
export { SMALL_SCREEN, useMediaQuery } from "./use-media-query";
