import type { Locale } from "@nook/shared/common/preferences";
import { lazyScreen, Screens } from "@nook/ui/screens";
import { KidsHome } from "./home.tsx";

// Each toy is its own chunk, off the home's first load, with the strings only it uses (its own catalog:
// lingui.config.ts); the word lists load later still, per language.
const alphabetStrings = (locale: Locale) =>
  locale === "ru" ? import("../locales/alphabet/ru.po") : import("../locales/alphabet/en.po");
const numbersStrings = (locale: Locale) =>
  locale === "ru" ? import("../locales/numbers/ru.po") : import("../locales/numbers/en.po");
const sierpinskiStrings = (locale: Locale) =>
  locale === "ru" ? import("../locales/sierpinski/ru.po") : import("../locales/sierpinski/en.po");
const lenseStrings = (locale: Locale) =>
  locale === "ru" ? import("../locales/lense/ru.po") : import("../locales/lense/en.po");
const AlphabetPage = lazyScreen(
  () => import("./alphabet/alphabet-page.tsx").then((m) => m.AlphabetPage),
  alphabetStrings,
);
const NumbersPage = lazyScreen(() => import("./numbers/numbers-page.tsx").then((m) => m.NumbersPage), numbersStrings);
const SierpinskiPage = lazyScreen(
  () => import("./sierpinski/sierpinski-page.tsx").then((m) => m.SierpinskiPage),
  sierpinskiStrings,
);
const LensePage = lazyScreen(() => import("./lense/lense-page.tsx").then((m) => m.LensePage), lenseStrings);

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
