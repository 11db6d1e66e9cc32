import { Trans } from "@lingui/react/macro";
import { RequireAuth } from "@nook/ui/guards";
import { NotFound } from "@nook/ui/not-found";
import { Route, Switch } from "wouter";
import { JournalHome } from "./home.tsx";

export function App() {
  return (
    <RequireAuth>
      <Switch>
        <Route path="/">
          <JournalHome />
        </Route>
        <Route path="/stacks/:id">
          {(params) => (
            <p className="muted">
              <Trans>...loading stack #{params.id}</Trans>
            </p>
          )}
        </Route>
        <Route path="/tools/:name">
          {(params) => (
            <h1>
              <Trans>Tool: {params.name}</Trans>
            </h1>
          )}
        </Route>
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </RequireAuth>
  );
}
