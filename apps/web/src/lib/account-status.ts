/**
 * The account status now lives with the shared server data (lib/server-data, decision 057). This
 * re-export keeps the player's components, which are being split into parts, on their old import
 * until that split lands; new code imports lib/server-data/account-status.
 */
export * from "./server-data/account-status";
