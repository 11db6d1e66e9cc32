import { auditSiteScreens } from "./accessibility-walk.ts";

// The other sites, audited in the dark theme with the purple accent
// (the walk: accessibility-walk.ts).
auditSiteScreens("dark", "purple");
