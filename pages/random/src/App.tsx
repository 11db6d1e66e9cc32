import type { Locale } from "@nook/shared/common/preferences";
import { lazyScreen, Screens } from "@nook/ui/screens";
import { RandomHome } from "./home.tsx";

// Each screen is its own chunk, with the strings only it uses (its own catalog: lingui.config.ts); the deck's
// texts load later still, per language.
const tarotStrings = (locale: Locale) =>
  locale === "ru" ? import("../locales/tarot/ru.po") : import("../locales/tarot/en.po");
const numbersStrings = (locale: Locale) =>
  locale === "ru" ? import("../locales/numbers/ru.po") : import("../locales/numbers/en.po");
const dicesStrings = (locale: Locale) =>
  locale === "ru" ? import("../locales/dices/ru.po") : import("../locales/dices/en.po");
const TarotPage = lazyScreen(() => import("./tarot/tarot-page.tsx").then((m) => m.TarotPage), tarotStrings);
const NumbersPage = lazyScreen(() => import("./numbers/numbers-page.tsx").then((m) => m.NumbersPage), numbersStrings);
const DicesPage = lazyScreen(() => import("./dices/dices-page.tsx").then((m) => m.DicesPage), dicesStrings);

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
