import { msg } from "@lingui/core/macro";
import { RequireAuth } from "@nook/ui/guards";
import { NotFound } from "@nook/ui/not-found";
import { Route, Switch } from "wouter";
import { ByDatePage } from "./by-date-page.tsx";
import { MePage } from "./me-page.tsx";
import "./lupileon.css";

/**
 * The birth-date insights site (spec 2 §2): the signed-in user's own date at
 * `/` and `/about-me` (Math) and `/astro` (Stars); any date, for anyone, at
 * `/by-date` (Solar). Each mode's screen is its own chunk (insights.tsx).
 */
export function App() {
  return (
    <Switch>
      <Route path="/">
        <RequireAuth>
          <MePage defaultMode="math" />
        </RequireAuth>
      </Route>
      <Route path="/about-me">
        <RequireAuth>
          <MePage defaultMode="math" />
        </RequireAuth>
      </Route>
      <Route path="/astro">
        <RequireAuth>
          <MePage defaultMode="stars" />
        </RequireAuth>
      </Route>
      <Route path="/by-date">
        <ByDatePage />
      </Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

/** What the Offline banner says still works here (packages/ui/src/offline.tsx). */
export const stillWorksOffline = msg`What is on screen stays; new answers need the network.`;
