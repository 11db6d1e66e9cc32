import { auditSiteScreens } from "./accessibility-walk.ts";

// The other sites, audited in the light theme with the yellow accent
// (the walk: accessibility-walk.ts).
auditSiteScreens("light", "yellow");
