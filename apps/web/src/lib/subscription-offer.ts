/**
 * The subscription offer's state now lives with the rest of buying (lib/buying, decision 057). This
 * re-export keeps the player's components, which are being split into parts, on their old import
 * until that split lands; new code imports lib/buying/subscription-offer.
 */
export * from "./buying/subscription-offer";
