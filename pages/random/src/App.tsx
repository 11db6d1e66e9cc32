import { Screens } from "@nook/ui/screens";
import { lazy } from "react";
import { RandomHome } from "./home.tsx";

// Each screen is its own chunk; the deck's texts load later still, per language.
const TarotPage = lazy(() => import("./tarot/tarot-page.tsx").then((m) => ({ default: m.TarotPage })));
const NumbersPage = lazy(() => import("./numbers/numbers-page.tsx").then((m) => ({ default: m.NumbersPage })));
const DicesPage = lazy(() => import("./dices/dices-page.tsx").then((m) => ({ default: m.DicesPage })));

/** The random site (spec 2 §2): open to everyone, signed in or not. */
export function App() {
  return (
    <Screens
      home={<RandomHome />}
      screens={[
        ["/tarot", TarotPage],
        ["/numbers", NumbersPage],
        ["/dices", DicesPage],
      ]}
    />
  );
}
