export { PlayerPage } from "./components/player-page";
export { DownloadsList } from "./components/downloads-list";
export { forgetOfflineData } from "./lib/offline-storage";
