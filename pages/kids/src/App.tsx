import { Screens } from "@nook/ui/screens";
import { lazy } from "react";
import { KidsHome } from "./home.tsx";

// Each toy is its own chunk, off the home's first load (the word lists load later still, per language).
const AlphabetPage = lazy(() => import("./alphabet/alphabet-page.tsx").then((m) => ({ default: m.AlphabetPage })));
const NumbersPage = lazy(() => import("./numbers/numbers-page.tsx").then((m) => ({ default: m.NumbersPage })));
const SierpinskiPage = lazy(() =>
  import("./sierpinski/sierpinski-page.tsx").then((m) => ({ default: m.SierpinskiPage })),
);
const LensePage = lazy(() => import("./lense/lense-page.tsx").then((m) => ({ default: m.LensePage })));

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
