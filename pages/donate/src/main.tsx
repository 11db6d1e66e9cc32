import { mountSite } from "@nook/ui/shell";
import { App } from "./App.tsx";

void mountSite(App, (locale) => import(`../locales/${locale}.po`));
