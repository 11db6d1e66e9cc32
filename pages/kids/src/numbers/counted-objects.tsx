import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";

/**
 * What there is to count, by turns: 1 star, 2 ducks, 3 apples, 4 balloons, 5 fish, 6 stars…
 * (the names are read at render, in the active locale).
 */
const KINDS = [
  { emoji: "⭐", name: (n: number) => plural(n, { one: "# star", other: "# stars" }) },
  { emoji: "🦆", name: (n: number) => plural(n, { one: "# duck", other: "# ducks" }) },
  { emoji: "🍎", name: (n: number) => plural(n, { one: "# apple", other: "# apples" }) },
  { emoji: "🎈", name: (n: number) => plural(n, { one: "# balloon", other: "# balloons" }) },
  { emoji: "🐟", name: (n: number) => plural(n, { one: "# fish", other: "# fish" }) },
];

/** `count` things to count, in rows of five; zero is an empty plate. Read as a whole: "3 apples". */
export function CountedObjects({ count }: { count: number }) {
  const { t } = useLingui();
  if (count === 0)
    return (
      <div className="counted counted-none">
        <span className="counted-plate" role="img" aria-label={t`An empty plate`}>
          🍽️
        </span>
        <p className="counted-nothing">{t`Nothing to count`}</p>
      </div>
    );
  const kind = KINDS[(count - 1) % KINDS.length];
  if (!kind) return null;
  return (
    <div className="counted" role="img" aria-label={kind.name(count)} data-testid="counted">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same thing, count times
        <span key={i} className="counted-object" aria-hidden="true">
          {kind.emoji}
        </span>
      ))}
    </div>
  );
}
