import { Trans } from "@lingui/react/macro";
import { RequireAuth } from "@nook/ui/guards";
import { NotFound } from "@nook/ui/not-found";
import { Route, Switch } from "wouter";
import { JournalHome } from "./home.tsx";
import { StackPage } from "./stacks/stack-page.tsx";

export function App() {
  return (
    <RequireAuth>
      <Switch>
        <Route path="/">
          <JournalHome />
        </Route>
        <Route path="/stacks/:id">{(params) => <StackPage key={params.id} id={Number(params.id)} />}</Route>
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
