import { Trans, useLingui } from "@lingui/react/macro";
import { useReaderTimeZone } from "@nook/ui/auth";
import { formatDateTime } from "@nook/ui/dates";
import { useStored } from "@nook/ui/stored";
import { When } from "../../entries/entry-item.tsx";
import type { StackItem } from "../stacks-api.ts";
import { Loaded, NothingYet } from "./item-widget.tsx";
import { useItemData, useNow } from "./use-item-data.ts";

/** Spec 1 §3: the collapsed flag of a list item, per item, in local storage: "1" when collapsed, nothing when open. */
const collapsedKey = (id: number) => `nook.stack-item.${id}.collapsed`;
type Collapsed = 1 | undefined;
const parseCollapsed = (raw: unknown): Collapsed => (raw === 1 ? 1 : undefined);

/** `list`: the latest matching entries, collapsible. */
export function ListWidget({ item }: { item: StackItem }) {
  const { t, i18n } = useLingui();
  const timeZone = useReaderTimeZone();
  const fullDate = (iso: string) => formatDateTime(iso, i18n.locale, timeZone);
  const [collapsedFlag, setCollapsed] = useStored<Collapsed>(collapsedKey(item.id), parseCollapsed, undefined);
  const collapsed = collapsedFlag === 1;
  const data = useItemData(item, "list");
  const now = useNow(60_000, item.config.date);
  // Refused (private mode), the flag lasts for this page only.
  const toggle = () => setCollapsed(collapsed ? undefined : 1);
  const listId = `stack-list-${item.id}`;
  return (
    <>
      <button
        type="button"
        className="button button-quiet button-small widget-toggle"
        aria-expanded={!collapsed}
        aria-controls={listId}
        onClick={toggle}
      >
        {collapsed ? t`Show entries` : t`Hide entries`}
      </button>
      {!collapsed && (
        <div id={listId}>
          <Loaded data={data}>
            {(d) =>
              d.entries.length ? (
                <ul className="widget-entries">
                  {d.entries.map((e) => (
                    <li key={e.id} className="widget-entry">
                      <div className="widget-entry-main">
                        {e.text && (
                          <span className="user-text widget-entry-text" dir="auto">
                            {e.text}
                          </span>
                        )}
                        {e.tags.length > 0 && (
                          <span className="chips">
                            {e.tags.map((tag) => (
                              <span key={tag.id} className="chip user-text" dir="auto">
                                {tag.name}
                              </span>
                            ))}
                          </span>
                        )}
                      </div>
                      <time className="muted widget-entry-when" dateTime={e.date} title={fullDate(e.date)}>
                        <When date={e.date} now={now} />
                      </time>
                    </li>
                  ))}
                </ul>
              ) : (
                <NothingYet />
              )
            }
          </Loaded>
        </div>
      )}
      {collapsed && (
        <p className="muted">
          <Trans>Entries hidden</Trans>
        </p>
      )}
    </>
  );
}
