/** React 19's own useSyncExternalStore, in place of the shim wouter imports (pages/vite.config.ts aliases it here). */
export { useSyncExternalStore } from "react";
