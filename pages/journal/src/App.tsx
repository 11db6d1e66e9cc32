import { Trans } from "@lingui/react/macro";
import { RequireAuth } from "@nook/ui/guards";
import { Loading } from "@nook/ui/loading";
import { NotFound } from "@nook/ui/not-found";
import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { JournalHome } from "./home.tsx";

// The stack page (and its widgets, as they come) loads on demand, off the journal's first load.
const StackPage = lazy(() => import("./stacks/stack-page.tsx").then((m) => ({ default: m.StackPage })));
// The tools too: each is its own chunk.
const TimerPage = lazy(() => import("./tools/timer/timer-page.tsx").then((m) => ({ default: m.TimerPage })));
const RunnerPage = lazy(() => import("./tools/runner/runner-page.tsx").then((m) => ({ default: m.RunnerPage })));

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
        <Route path="/tools/timer">
          <Suspense fallback={<Loading />}>
            <TimerPage />
          </Suspense>
        </Route>
        <Route path="/tools/runner">
          <Suspense fallback={<Loading />}>
            <RunnerPage />
          </Suspense>
        </Route>
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </RequireAuth>
  );
}
