import { Trans } from "@lingui/react/macro";
import { RequireAuth } from "@nook/ui/guards";
import { NotFound } from "@nook/ui/not-found";
import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { JournalHome } from "./home.tsx";

// The stack page (and its widgets, as they come) loads on demand, off the journal's first load.
const StackPage = lazy(() => import("./stacks/stack-page.tsx").then((m) => ({ default: m.StackPage })));

export function App() {
  return (
    <RequireAuth>
      <Switch>
        <Route path="/">
          <JournalHome />
        </Route>
        <Route path="/stacks/:id">
          {(params) => (
            <Suspense
              fallback={
                <p className="muted" aria-busy="true">
                  <Trans>...loading stack #{params.id}</Trans>
                </p>
              }
            >
              <StackPage key={params.id} id={Number(params.id)} />
            </Suspense>
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
