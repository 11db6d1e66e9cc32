import { msg } from "@lingui/core/macro";
import { RequireAuth } from "@nook/ui/guards";
import { lazyScreen, type ScreenParams, Screens } from "@nook/ui/screens";
import { DonateHome } from "./donate-home.tsx";
import "./donate.css";

// The public page brings the QR encoder: its own chunk, off the owner's first load, with the strings only it uses
// (its own catalog: lingui.config.ts).
const PublicPage = lazyScreen(() => import("./public/public-page.tsx").then((m) => m.PublicPage), "public");
function PublicScreen({ params }: { params: ScreenParams }) {
  // wouter hands the segment decoded (a Cyrillic username reads as typed).
  return <PublicPage username={params.username ?? ""} />;
}

// The owner's management is visited seldom: its own chunk and strings too, off the home's first load.
const ManagePage = lazyScreen(() => import("./manage-page.tsx").then((m) => m.ManagePage), "manage");

function Manage() {
  return (
    <RequireAuth>
      <ManagePage />
    </RequireAuth>
  );
}

/** The donate site: the owner's home and management (signed in), and each user's public page (anyone). */
export function App() {
  return (
    <Screens
      home={
        <RequireAuth>
          <DonateHome />
        </RequireAuth>
      }
      screens={[
        ["/manage", Manage],
        ["/u/:username", PublicScreen],
      ]}
    />
  );
}

/** What still works here offline, said by the Offline banner (packages/ui/src/offline.tsx). */
export const stillWorksOffline = msg`Your page and your donations stay readable as you last saw them; changing your page needs the network.`;
