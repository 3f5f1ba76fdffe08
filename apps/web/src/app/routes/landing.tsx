import { LandingPage } from "../../features/landing";

export default LandingPage;
