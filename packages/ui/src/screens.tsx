import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Route, Switch } from "wouter";
import { addCatalog, type CatalogLoader } from "./i18n.tsx";
import { Loading } from "./loading.tsx";
import { NotFound } from "./not-found.tsx";

/** A screen's route parameters (`/stacks/:id` → `{ id }`). */
export type ScreenParams = Record<string, string | undefined>;

/** A screen: its path, its page (given the route's parameters), and what shows while it loads (<Loading /> unless said). */
export type Screen = [
  path: string,
  Page: ComponentType<{ params: ScreenParams }>,
  loading?: (params: ScreenParams) => ReactNode,
];

/**
 * A screen loaded on demand: its chunk and, when it has one, its own catalog
 * (the strings only it uses, kept out of the site's first catalog) are both
 * fetched before it renders, so it never shows a string untranslated; the
 * catalog follows every later switch of language (addCatalog).
 *
 *   const TimerPage = lazyScreen(() => import("./timer-page.tsx").then((m) => m.TimerPage), timerCatalog);
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>, catalog?: CatalogLoader) {
  return lazy(async () => {
    const [Page] = await Promise.all([load(), catalog && addCatalog(catalog)]);
    return { default: Page };
  });
}

/**
 * A site's screens: its home at '/', each other screen at its path (a lazily
 * loaded one waits in Suspense), anything else Not found.
 */
export function Screens({ home, screens }: { home: ReactNode; screens: Screen[] }) {
  return (
    <Switch>
      <Route path="/">{home}</Route>
      {screens.map(([path, Page, loading]) => (
        <Route key={path} path={path}>
          {(params: ScreenParams) => (
            <Suspense fallback={loading ? loading(params) : <Loading />}>
              <Page params={params} />
            </Suspense>
          )}
        </Route>
      ))}
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
