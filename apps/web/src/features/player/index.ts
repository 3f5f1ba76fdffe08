export { PlayerPage } from "./components/player-page";
export { DownloadsList } from "./components/downloads-list";
