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

/** The site's lazy screens' catalogs by name (LAZY_CATALOGS in lingui.config.ts). */
const screenCatalogs = new Map<string, CatalogLoader>();

/** Called by the site's entry (pages/vite.config.ts) with a loader for each catalog of LAZY_CATALOGS. */
export function registerScreenCatalogs(catalogs: Record<string, CatalogLoader>): void {
  for (const [name, load] of Object.entries(catalogs)) screenCatalogs.set(name, load);
}

/**
 * A screen loaded on demand: its chunk and, when it has one, its own catalog
 * (named in LAZY_CATALOGS: the strings only it uses, kept out of the site's
 * first catalog) are both fetched before it renders, so it never shows a
 * string untranslated; the catalog follows every later switch of language
 * (addCatalog).
 *
 *   const TimerPage = lazyScreen(() => import("./timer-page.tsx").then((m) => m.TimerPage), "timer");
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>, catalog?: string) {
  return lazy(async () => {
    const strings = catalog === undefined ? undefined : screenCatalogs.get(catalog);
    if (catalog !== undefined && !strings) throw new Error(`No catalog '${catalog}' in this site's LAZY_CATALOGS`);
    const [Page] = await Promise.all([load(), strings && addCatalog(strings)]);
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
