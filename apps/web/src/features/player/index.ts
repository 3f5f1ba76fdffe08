export { PlayerPage } from "./components/player-page";
