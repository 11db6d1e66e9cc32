import { msg } from "@lingui/core/macro";
import { RequireAuth } from "@nook/ui/guards";
import { lazyScreen, Screens } from "@nook/ui/screens";
import { CalendarPage } from "./calendar-page.tsx";
import "./calendar.css";

const EventFormPage = lazyScreen(() => import("./events/event-form.tsx").then((m) => m.EventFormPage), "events");
const FeedPage = lazyScreen(() => import("./events/feed-page.tsx").then((m) => m.FeedPage), "events");

/**
 * The calendar site: its days open to everyone (signed in, they show the reader's data); an event's form
 * and the feed's settings for the signed-in, each loaded when opened.
 */
export function App() {
  return (
    <Screens
      home={<CalendarPage />}
      screens={[
        [
          "/events/new",
          () => (
            <RequireAuth>
              <EventFormPage params={{}} />
            </RequireAuth>
          ),
        ],
        [
          "/events/:id",
          ({ params }) => (
            <RequireAuth>
              <EventFormPage params={params} />
            </RequireAuth>
          ),
        ],
        [
          "/feed",
          () => (
            <RequireAuth>
              <FeedPage />
            </RequireAuth>
          ),
        ],
      ]}
    />
  );
}

/** What still works here offline, said by the Offline banner (packages/ui/src/offline.tsx). */
export const stillWorksOffline = msg`The days you have seen stay readable; other days need the network.`;
