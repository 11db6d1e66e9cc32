import { msg } from "@lingui/core/macro";
import { lazyScreen, Screens } from "@nook/ui/screens";
import { RandomHome } from "./home.tsx";

// Each screen is its own chunk, with the strings only it uses (its own catalog: lingui.config.ts); the deck's
// texts load later still, per language.
const TarotPage = lazyScreen(() => import("./tarot/tarot-page.tsx").then((m) => m.TarotPage), "tarot");
const NumbersPage = lazyScreen(() => import("./numbers/numbers-page.tsx").then((m) => m.NumbersPage), "numbers");
const DicesPage = lazyScreen(() => import("./dices/dices-page.tsx").then((m) => m.DicesPage), "dices");

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

/** What the Offline banner says still works here (packages/ui/src/offline.tsx). */
export const stillWorksOffline = msg`Dice and tarot keep working; random numbers from the service need the network.`;
