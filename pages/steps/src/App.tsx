import { RequireAuth } from "@nook/ui/guards";
import { NotFound } from "@nook/ui/not-found";
import { Route, Switch } from "wouter";
import { ChecklistPage } from "./checklist-page.tsx";
import { StepsHome } from "./steps-home.tsx";
import "./steps.css";

/** The steps site (spec 2 §2): the lists at '/', one checklist at '/{id}'; both need sign-in. */
export function App() {
  return (
    <RequireAuth>
      <Switch>
        <Route path="/">
          <StepsHome />
        </Route>
        <Route path="/:id">{(params) => <ChecklistPage key={params.id} id={params.id} />}</Route>
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </RequireAuth>
  );
}
