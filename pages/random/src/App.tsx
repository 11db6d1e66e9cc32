import { Loading } from "@nook/ui/loading";
import { NotFound } from "@nook/ui/not-found";
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { RandomHome } from "./home.tsx";

// Each screen is its own chunk; the deck's texts load later still, per language.
const TarotPage = lazy(() => import("./tarot/tarot-page.tsx").then((m) => ({ default: m.TarotPage })));
const NumbersPage = lazy(() => import("./numbers/numbers-page.tsx").then((m) => ({ default: m.NumbersPage })));
const DicesPage = lazy(() => import("./dices/dices-page.tsx").then((m) => ({ default: m.DicesPage })));

const screens: [path: string, Page: LazyExoticComponent<ComponentType>][] = [
  ["/tarot", TarotPage],
  ["/numbers", NumbersPage],
  ["/dices", DicesPage],
];

/** The random site (spec 2 §2): open to everyone, signed in or not. */
export function App() {
  return (
    <Switch>
      <Route path="/">
        <RandomHome />
      </Route>
      {screens.map(([path, Page]) => (
        <Route key={path} path={path}>
          <Suspense fallback={<Loading />}>
            <Page />
          </Suspense>
        </Route>
      ))}
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
