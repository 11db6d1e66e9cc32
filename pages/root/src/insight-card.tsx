import { Trans, useLingui } from "@lingui/react/macro";
import { api, ok } from "@nook/ui/api";
import { originOf } from "@nook/ui/site";
import { useData } from "@nook/ui/use-data";

const insights = `${originOf("journal")}/insights`;

/**
 * Today's card of this month's strongest finding (GET /api/journal/insights from the 1st to today, the
 * profile's days): the first one that stands out after the correction for many tests, in words, linked to
 * the journal's Insights; nothing when none does (most months begin so), while it loads, or when it fails —
 * the rest of Today says its own state.
 */
export function InsightCard({ date }: { date: string }) {
  const { i18n } = useLingui();
  const from = `${date.slice(0, 8)}01`;
  const { data } = useData(`insights/${from}/${date}`, () =>
    ok(api.journal.insights.$get({ query: { from, to: date } })),
  );
  const f = data?.findings[0];
  if (!f?.significant) return null;
  const name = <bdi className="user-text">{f.kind === "tag" ? `#${f.name}` : f.name}</bdi>;
  const size = i18n.number(Math.abs(f.difference), { maximumFractionDigits: 2, minimumFractionDigits: 1 });
  const up = f.difference > 0;
  return (
    <article className="today-card">
      <h2>
        <Trans>This month</Trans>
      </h2>
      <p>
        <a href={insights}>
          {f.kind === "metric" ? (
            up ? (
              <Trans>
                The more {name}, the better your mood (rank correlation {size})
              </Trans>
            ) : (
              <Trans>
                The more {name}, the worse your mood (rank correlation {size})
              </Trans>
            )
          ) : f.lag ? (
            up ? (
              <Trans>
                Your mood is {size} higher on the day after {name}
              </Trans>
            ) : (
              <Trans>
                Your mood is {size} lower on the day after {name}
              </Trans>
            )
          ) : up ? (
            <Trans>
              Your mood is {size} higher on days with {name}
            </Trans>
          ) : (
            <Trans>
              Your mood is {size} lower on days with {name}
            </Trans>
          )}
        </a>
      </p>
    </article>
  );
}
