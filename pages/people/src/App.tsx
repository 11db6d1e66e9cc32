import { RequireAuth } from "@nook/ui/guards";
import { NotFound } from "@nook/ui/not-found";
import { Route, Switch } from "wouter";
import { PeopleHome } from "./people-home.tsx";
import "./people.css";

/** The people site (spec 2 §2): one screen, for the signed-in. */
export function App() {
  return (
    <Switch>
      <Route path="/">
        <RequireAuth>
          <PeopleHome />
        </RequireAuth>
      </Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
