import { Loading } from "@nook/ui/loading";
import { NotFound } from "@nook/ui/not-found";
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { KidsHome } from "./home.tsx";

// Each toy is its own chunk, off the home's first load (the word lists load later still, per language).
const AlphabetPage = lazy(() => import("./alphabet/alphabet-page.tsx").then((m) => ({ default: m.AlphabetPage })));
const NumbersPage = lazy(() => import("./numbers/numbers-page.tsx").then((m) => ({ default: m.NumbersPage })));
const SierpinskiPage = lazy(() =>
  import("./sierpinski/sierpinski-page.tsx").then((m) => ({ default: m.SierpinskiPage })),
);
const LensePage = lazy(() => import("./lense/lense-page.tsx").then((m) => ({ default: m.LensePage })));

const screens: [path: string, Page: LazyExoticComponent<ComponentType>][] = [
  ["/alphabet", AlphabetPage],
  ["/numbers", NumbersPage],
  ["/sierpinski", SierpinskiPage],
  ["/lense", LensePage],
];

/** The kids site (spec 2 §2): open to everyone, signed in or not. */
export function App() {
  return (
    <Switch>
      <Route path="/">
        <KidsHome />
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
