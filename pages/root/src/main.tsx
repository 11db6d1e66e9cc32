import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { createRoot } from "react-dom/client";

const { messages } = await import(`../locales/en.po`);
i18n.loadAndActivate({ locale: "en", messages });

createRoot(document.getElementById("root")!).render(
  <I18nProvider i18n={i18n}>
    <h1><Trans>Hello from the launcher</Trans></h1>
  </I18nProvider>,
);
