import { Trans, useLingui } from "@lingui/react/macro";
import { formatDay } from "@nook/shared/common/calendar-date";
import type { SignSpan, SignsAnswer } from "@nook/shared/lupileon/schemas";
import {
  CELTIC_COMPATIBLES,
  type CelticTree,
  EARTHLY_BRANCHES,
  HEAVENLY_STEMS,
  OGHAM,
  SIDEREAL_STARTS,
  signSpan,
  TROPICAL_STARTS,
  type WesternSign,
} from "@nook/shared/lupileon/signs";
import { useStored } from "@nook/ui/stored";
import type { ReactNode } from "react";
import { ChineseAnimalIcon } from "../images/chinese-animals.tsx";
import { OghamLetter } from "../images/ogham.tsx";
import { WesternGlyph } from "../images/western-glyphs.tsx";
import type { PanelProps } from "../insights.tsx";
import type { Lore } from "../lore/types.ts";
import { useLore } from "../lore/use-lore.ts";
import { parseZodiac, ZODIAC_KEY, type Zodiac } from "../mode.ts";
import { Busy, Failed } from "../status.tsx";
import { useAnswer } from "../use-answer.ts";
import "./stars.css";

/**
 * Stars (spec 2 §2 "astro"): the western sign (sidereal or tropical, as the
 * switch says), the Chinese year and the Celtic tree of the date, each with
 * its picture, its name beside it, and its lore in expandable blocks; and
 * the weekday with its meaning.
 */
export function StarsPanel({ date, settled, whose }: PanelProps) {
  const { i18n } = useLingui();
  const [zodiac, setZodiac] = useStored<Zodiac>(ZODIAC_KEY, parseZodiac, "sidereal");
  const [lore, retryLore] = useLore(i18n.locale);
  const signs = useAnswer("signs", settled);
  const stale = signs.date !== date;
  return (
    <div className="stack">
      <ZodiacSwitch zodiac={zodiac} onChoose={setZodiac} />
      {signs.failed ? (
        <Failed onRetry={signs.retry} />
      ) : lore.status === "failed" ? (
        <Failed onRetry={retryLore} />
      ) : signs.data === null || lore.status === "loading" ? (
        <Busy />
      ) : (
        <div className={stale ? "lupi-signs lupi-stale" : "lupi-signs"} aria-busy={stale}>
          <WesternCard answer={signs.data} zodiac={zodiac} lore={lore.value} />
          <ChineseCard answer={signs.data} lore={lore.value} />
          <CelticCard answer={signs.data} lore={lore.value} />
          <WeekdayCard answer={signs.data} lore={lore.value} whose={whose} />
        </div>
      )}
    </div>
  );
}

/** Sidereal or Tropical: two toggle buttons, the chosen one pressed, kept in the browser. */
function ZodiacSwitch({ zodiac, onChoose }: { zodiac: Zodiac; onChoose: (z: Zodiac) => void }) {
  const { t } = useLingui();
  const labels: Record<Zodiac, string> = { sidereal: t`Sidereal`, tropical: t`Tropical` };
  return (
    <fieldset className="segmented segmented-small">
      <legend className="visually-hidden">{t`Western zodiac`}</legend>
      {(["sidereal", "tropical"] as const).map((z) => (
        <button key={z} type="button" className="segment" aria-pressed={z === zodiac} onClick={() => onChoose(z)}>
          {labels[z]}
        </button>
      ))}
    </fieldset>
  );
}

/** "April 20", "20 апреля": a month-day ("MM-DD") in the reader's language. */
function useMonthDay() {
  const { i18n } = useLingui();
  return (monthDay: string) => formatDay(`2000-${monthDay}`, i18n.locale, { month: "long", day: "numeric" });
}

function spanText(span: { from: string; to: string }, monthDay: (md: string) => string) {
  return `${monthDay(span.from)} – ${monthDay(span.to)}`;
}

/** The cusp in words: a date within three days of the sign's edge, and the sign on the other side. */
function CuspLine<S extends string>({ span, nameOf }: { span: SignSpan<S>; nameOf: (s: S) => string }) {
  if (!span.cusp) return null;
  const sign = nameOf(span.sign);
  const neighbour = nameOf(span.cusp.neighbour);
  return (
    <p className="lupi-cusp">
      {span.cusp.edge === "startOf" ? (
        <Trans>
          On the cusp: in the first three days of {sign}, right after {neighbour}.
        </Trans>
      ) : (
        <Trans>
          On the cusp: in the last three days of {sign}, just before {neighbour}.
        </Trans>
      )}
    </p>
  );
}

function SignCard({
  picture,
  kicker,
  title,
  subtitle,
  children,
  testId,
}: {
  picture: ReactNode;
  kicker: string;
  title: ReactNode;
  subtitle: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className="card lupi-sign" data-testid={testId}>
      <header className="lupi-sign-head">
        <span className="lupi-sign-picture">{picture}</span>
        <div className="lupi-sign-names">
          <p className="lupi-kicker">{kicker}</p>
          <h2 className="lupi-sign-name">{title}</h2>
          <p className="lupi-sign-subtitle">{subtitle}</p>
        </div>
      </header>
      {children}
    </section>
  );
}

function Detail({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <details className="lupi-details">
      <summary>{heading}</summary>
      <div className="lupi-details-body">{children}</div>
    </details>
  );
}

function Traits({ traits }: { traits: readonly string[] }) {
  return (
    <ul className="chips lupi-traits">
      {traits.map((trait) => (
        <li key={trait} className="chip">
          {trait}
        </li>
      ))}
    </ul>
  );
}

/** A definition list of label → value rows. */
function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="lupi-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="lupi-fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const spanOfSign = (starts: Readonly<Record<WesternSign, string>>, sign: WesternSign) =>
  signSpan(starts, `2001-${starts[sign]}`);

function WesternCard({ answer, zodiac, lore }: { answer: SignsAnswer; zodiac: Zodiac; lore: Lore }) {
  const { t } = useLingui();
  const monthDay = useMonthDay();
  const span = answer[zodiac];
  const sign = lore.western[span.sign];
  const nameOf = (s: WesternSign) => lore.western[s].name;
  const dates = spanText(span, monthDay);
  return (
    <SignCard
      testId="western-sign"
      picture={<WesternGlyph sign={span.sign} />}
      kicker={zodiac === "sidereal" ? t`Western zodiac, sidereal` : t`Western zodiac, tropical`}
      title={sign.name}
      subtitle={
        <>
          {sign.symbol} · {sign.nickname}
        </>
      }
    >
      <p className="lupi-span">{dates}</p>
      <CuspLine span={span} nameOf={nameOf} />
      <Detail heading={t`About this sign`}>
        <p>{sign.about}</p>
      </Detail>
      <Detail heading={t`Personality traits`}>
        <Traits traits={sign.traits} />
        <p>{sign.description}</p>
      </Detail>
      <Detail heading={t`Zodiac details`}>
        <Facts
          rows={[
            [t`Symbol`, sign.symbol],
            [t`Element`, sign.element],
            [t`Ruler`, sign.ruler],
            [t`Tropical dates`, spanText(spanOfSign(TROPICAL_STARTS, span.sign), monthDay)],
            [t`Sidereal dates`, spanText(spanOfSign(SIDEREAL_STARTS, span.sign), monthDay)],
          ]}
        />
      </Detail>
    </SignCard>
  );
}

function ChineseCard({ answer, lore }: { answer: SignsAnswer; lore: Lore }) {
  const { t, i18n } = useLingui();
  const c = answer.chinese;
  const animal = lore.chinese[c.animal];
  const element = lore.elements[c.element];
  const yinYang = lore.yinYang[c.yinYang];
  const elementName = element.name;
  const animalName = animal.name;
  const [stem, stemPinyin] = HEAVENLY_STEMS[c.stem] ?? ["", ""];
  const [branch, branchPinyin] = EARTHLY_BRANCHES[c.branch] ?? ["", ""];
  const first = formatDay(c.yearStart, i18n.locale, { dateStyle: "long" });
  const last = formatDay(c.yearEnd, i18n.locale, { dateStyle: "long" });
  const cycleYear = c.cycleYear;
  const stemBranch = (
    <>
      <span lang="zh">
        {stem}
        {branch}
      </span>{" "}
      ({stemPinyin} {branchPinyin})
    </>
  );
  return (
    <SignCard
      testId="chinese-sign"
      picture={<ChineseAnimalIcon animal={c.animal} />}
      kicker={t`Chinese zodiac`}
      title={
        element.adjective && animal.gender ? (
          `${element.adjective[animal.gender]} ${animalName}`
        ) : (
          <Trans>
            {elementName} {animalName}
          </Trans>
        )
      }
      subtitle={animal.nickname}
    >
      <p className="lupi-span">
        <Trans>
          The Chinese year from {first} to {last}
        </Trans>
      </p>
      <p>
        {yinYang.name} · {yinYang.element} · {stemBranch}
      </p>
      <Detail heading={t`About this sign`}>
        <p>{animal.about}</p>
        <p>{element.about}</p>
      </Detail>
      <Detail heading={t`Personality traits`}>
        <Traits traits={animal.traits} />
      </Detail>
      <Detail heading={t`Zodiac details`}>
        <Facts
          rows={[
            [t`Element`, element.name],
            [t`Yin or yang`, `${yinYang.name} (${yinYang.element})`],
            [t`Heavenly stem`, <StemOrBranch key="stem" hanzi={stem} pinyin={stemPinyin} />],
            [t`Earthly branch`, <StemOrBranch key="branch" hanzi={branch} pinyin={branchPinyin} />],
            [t`Year of the 60-year cycle`, <Trans key="cycle">{cycleYear} of 60</Trans>],
          ]}
        />
        <p>{yinYang.about}</p>
        <Traits traits={yinYang.traits} />
      </Detail>
    </SignCard>
  );
}

function StemOrBranch({ hanzi, pinyin }: { hanzi: string; pinyin: string }) {
  return (
    <>
      <span lang="zh">{hanzi}</span> {pinyin}
    </>
  );
}

function CelticCard({ answer, lore }: { answer: SignsAnswer; lore: Lore }) {
  const { t, i18n } = useLingui();
  const monthDay = useMonthDay();
  const span = answer.celtic;
  const tree = lore.celtic[span.sign];
  const nameOf = (s: CelticTree) => lore.celtic[s].tree;
  const list = new Intl.ListFormat(i18n.locale, { type: "conjunction" });
  const ogham = OGHAM[span.sign];
  return (
    <SignCard
      testId="celtic-sign"
      picture={<OghamLetter tree={span.sign} />}
      kicker={t`Celtic tree zodiac`}
      title={tree.tree}
      subtitle={tree.nickname}
    >
      <p className="lupi-span">{spanText(span, monthDay)}</p>
      <CuspLine span={span} nameOf={nameOf} />
      <Detail heading={t`Tree lore`}>
        <p>{tree.about}</p>
      </Detail>
      <Detail heading={t`Personality traits`}>
        <Traits traits={tree.traits} />
        <p>{tree.description}</p>
      </Detail>
      <Detail heading={t`Zodiac details`}>
        <Facts
          rows={[
            [
              t`Ogham`,
              <span key="ogham">
                {ogham.name} <span className="lupi-ogham-char">{ogham.letter}</span>
              </span>,
            ],
            [t`Gemstone`, tree.gemstone],
            [t`Guardian animals`, list.format(tree.guardianAnimals)],
            [t`Compatible trees`, list.format(CELTIC_COMPATIBLES[span.sign].map(nameOf))],
          ]}
        />
      </Detail>
    </SignCard>
  );
}

function WeekdayCard({ answer, lore, whose }: { answer: SignsAnswer; lore: Lore; whose: PanelProps["whose"] }) {
  const { t, i18n } = useLingui();
  const day = lore.weekdays[answer.weekday] ?? lore.weekdays[0];
  const name = formatDay(answer.day, i18n.locale, { weekday: "long" });
  const weekday = name.charAt(0).toLocaleUpperCase(i18n.locale) + name.slice(1);
  return (
    <section className="card lupi-sign" data-testid="weekday">
      <p className="lupi-kicker">{whose === "mine" ? t`The weekday you were born on` : t`The day of the week`}</p>
      <h2 className="lupi-sign-name">{weekday}</h2>
      <blockquote className="lupi-quote">{day.meaning}</blockquote>
      <p>{day.about}</p>
    </section>
  );
}
