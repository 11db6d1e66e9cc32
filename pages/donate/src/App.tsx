import { RequireAuth } from "@nook/ui/guards";
import { Loading } from "@nook/ui/loading";
import { NotFound } from "@nook/ui/not-found";
import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { DonateHome } from "./donate-home.tsx";
import { ManagePage } from "./manage-page.tsx";
import "./donate.css";

// The public page brings the QR encoder: its own chunk, off the owner's first load.
const PublicPage = lazy(() => import("./public/public-page.tsx").then((m) => ({ default: m.PublicPage })));

/** The donate site: the owner's home and management (signed in), and each user's public page (anyone). */
export function App() {
  return (
    <Switch>
      <Route path="/">
        <RequireAuth>
          <DonateHome />
        </RequireAuth>
      </Route>
      <Route path="/manage">
        <RequireAuth>
          <ManagePage />
        </RequireAuth>
      </Route>
      <Route path="/u/:username">
        {(params) => (
          <Suspense fallback={<Loading />}>
            {/* wouter hands the segment decoded (a Cyrillic username reads as typed). */}
            <PublicPage username={params.username} />
          </Suspense>
        )}
      </Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
