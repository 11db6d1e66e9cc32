import { type ComponentType, type LazyExoticComponent, type ReactNode, Suspense } from "react";
import { Route, Switch } from "wouter";
import { Loading } from "./loading.tsx";
import { NotFound } from "./not-found.tsx";

/** A site's screens: its home at '/', each other screen its own lazily loaded chunk, anything else Not found. */
export function Screens({
  home,
  screens,
}: {
  home: ReactNode;
  screens: [path: string, Page: LazyExoticComponent<ComponentType>][];
}) {
  return (
    <Switch>
      <Route path="/">{home}</Route>
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
