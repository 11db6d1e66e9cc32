import { msg } from "@lingui/core/macro";
import { lazyScreen, Screens } from "@nook/ui/screens";
import { KidsHome } from "./home.tsx";

// Each toy is its own chunk, off the home's first load, with the strings only it uses (its own catalog:
// lingui.config.ts); the word lists load later still, per language.
const AlphabetPage = lazyScreen(() => import("./alphabet/alphabet-page.tsx").then((m) => m.AlphabetPage), "alphabet");
const NumbersPage = lazyScreen(() => import("./numbers/numbers-page.tsx").then((m) => m.NumbersPage), "numbers");
const SierpinskiPage = lazyScreen(
  () => import("./sierpinski/sierpinski-page.tsx").then((m) => m.SierpinskiPage),
  "sierpinski",
);
const LensePage = lazyScreen(() => import("./lense/lense-page.tsx").then((m) => m.LensePage), "lense");

/** The kids site (spec 2 §2): open to everyone, signed in or not. */
export function App() {
  return (
    <Screens
      home={<KidsHome />}
      screens={[
        ["/alphabet", AlphabetPage],
        ["/numbers", NumbersPage],
        ["/sierpinski", SierpinskiPage],
        ["/lense", LensePage],
      ]}
    />
  );
}

/** What the Offline banner says still works here (packages/ui/src/offline.tsx). */
export const stillWorksOffline = msg`Everything here works offline.`;
