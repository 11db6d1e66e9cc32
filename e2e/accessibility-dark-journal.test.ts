import { auditAccountScreens } from "./accessibility-walk.ts";

// The login page, the profile, the launcher and the journal, audited in the dark theme with the purple accent
// (the walk: accessibility-walk.ts).
auditAccountScreens("dark", "purple");
