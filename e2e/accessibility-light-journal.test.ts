import { auditAccountScreens } from "./accessibility-walk.ts";

// The login page, the profile, the launcher and the journal, audited in the light theme with the yellow accent
// (the walk: accessibility-walk.ts).
auditAccountScreens("light", "yellow");
