import { msg } from "@lingui/core/macro";
import { NotFound } from "@nook/ui/not-found";
import { Route, Switch } from "wouter";
import { CalendarPage } from "./calendar-page.tsx";
import "./calendar.css";

/** The calendar site: one page, open to everyone; signed in, its days show the reader's data. */
export function App() {
  return (
    <Switch>
      <Route path="/">
        <CalendarPage />
      </Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}

/** What still works here offline, said by the Offline banner (packages/ui/src/offline.tsx). */
export const stillWorksOffline = msg`The days you have seen stay readable; other days need the network.`;
