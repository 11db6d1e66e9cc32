import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { RequireAuth } from "@nook/ui/guards";
import { startQueue } from "@nook/ui/offline-queue";
import { lazyScreen, type ScreenParams, Screens } from "@nook/ui/screens";
import { useEffect } from "react";
import { JournalHome } from "./home.tsx";

// The stack page and the tools load on demand, off the journal's first load, each with the strings only it uses
// (its own catalog: lingui.config.ts).
const StackPage = lazyScreen(() => import("./stacks/stack-page.tsx").then((m) => m.StackPage), "stack");
/** A stack's page, started afresh for another stack. */
function StackScreen({ params }: { params: ScreenParams }) {
  return <StackPage key={params.id} id={Number(params.id)} />;
}
const TimerPage = lazyScreen(() => import("./tools/timer/timer-page.tsx").then((m) => m.TimerPage), "timer");
const RunnerPage = lazyScreen(() => import("./tools/runner/runner-page.tsx").then((m) => m.RunnerPage), "runner");
// The tags-and-metrics page and the year in pixels ride in the stack page's chunk and catalog: a chunk of their
// own makes the bundler split the first load's shared modules into chunks of their own (a rolldown bug), over the
// budget.
const NamesPage = lazyScreen(() => import("./stacks/stack-page.tsx").then((m) => m.NamesPage), "stack");
const PixelsPage = lazyScreen(() => import("./stacks/stack-page.tsx").then((m) => m.PixelsPage), "stack");

export function App() {
  // Entries kept in this browser while the network was away are sent as the page opens, and when it is back.
  useEffect(startQueue, []);
  return (
    <RequireAuth>
      <Screens
        home={<JournalHome />}
        screens={[
          [
            "/stacks/:id",
            StackScreen,
            (params) => (
              <p className="muted" aria-busy="true">
                <Trans>...loading stack #{params.id}</Trans>
              </p>
            ),
          ],
          ["/tools/timer", TimerPage],
          ["/tools/runner", RunnerPage],
          ["/tags", NamesPage],
          ["/pixels", PixelsPage],
        ]}
      />
    </RequireAuth>
  );
}

/** What the Offline banner says still works here (packages/ui/src/offline.tsx). */
export const stillWorksOffline = msg`New entries, the timer and the runner keep working: what you write waits in this browser and is sent when you are back online.`;
