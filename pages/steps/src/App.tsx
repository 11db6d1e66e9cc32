import { RequireAuth } from "@nook/ui/guards";
import { lazyScreen, type ScreenParams, Screens } from "@nook/ui/screens";
import { StepsHome } from "./steps-home.tsx";
import "./steps.css";

// A checklist, its editor and its import: one chunk with the strings only it uses (its own catalog:
// lingui.config.ts), off the lists' first load.
const ChecklistPage = lazyScreen(() => import("./checklist-page.tsx").then((m) => m.ChecklistPage), "checklist");
/** A checklist's page, started afresh for another checklist. */
function ChecklistScreen({ params }: { params: ScreenParams }) {
  return <ChecklistPage key={params.id} id={params.id ?? ""} />;
}

/** The steps site (spec 2 §2): the lists at '/', one checklist at '/{id}'; both need sign-in. */
export function App() {
  return (
    <RequireAuth>
      <Screens home={<StepsHome />} screens={[["/:id", ChecklistScreen]]} />
    </RequireAuth>
  );
}
