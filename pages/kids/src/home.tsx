import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import { Link } from "wouter";
import "./home.css";

type Corner = readonly [number, number];

/** A Sierpinski triangle `depth` levels deep, as one SVG path. */
function sierpinskiPath(a: Corner, b: Corner, c: Corner, depth: number): string {
  if (depth === 0) return `M${a.join(" ")}L${b.join(" ")}L${c.join(" ")}Z`;
  const mid = (p: Corner, q: Corner): Corner => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  const [ab, bc, ca] = [mid(a, b), mid(b, c), mid(c, a)];
  return [
    sierpinskiPath(a, ab, ca, depth - 1),
    sierpinskiPath(ab, b, bc, depth - 1),
    sierpinskiPath(ca, bc, c, depth - 1),
  ].join("");
}

/** Each tile's picture: drawn, not an emoji, so it looks the same wherever no emoji font is installed. */
const PICTURES: Record<string, ReactNode> = {
  alphabet: (
    <text x="24" y="33" textAnchor="middle" fontSize="26" fontWeight="700" fill="currentColor">
      Aa
    </text>
  ),
  numbers: (
    <text x="24" y="32" textAnchor="middle" fontSize="20" fontWeight="700" fill="currentColor">
      123
    </text>
  ),
  sierpinski: <path d={sierpinskiPath([24, 5], [3, 42], [45, 42], 2)} fill="currentColor" />,
  lense: (
    <>
      <path d="M22 8C11 12 5 25 12 40H22Z" fill="currentColor" />
      <path d="M26 8C37 12 43 25 36 40H26Z" className="kids-tile-mirror" />
      <path d="M24 3V45" className="kids-tile-line" />
    </>
  ),
};

/** The four tiles, named as the spec writes them (spec 2 §2 Kids home). */
const TILES: { href: string; picture: ReactNode; name: MessageDescriptor; about: MessageDescriptor }[] = [
  {
    href: "/alphabet",
    picture: PICTURES.alphabet,
    name: msg`Alphabet`,
    about: msg`Letters with pictures in four languages`,
  },
  { href: "/numbers", picture: PICTURES.numbers, name: msg`Numbers`, about: msg`The digits from 0 to 9` },
  {
    href: "/sierpinski",
    picture: PICTURES.sierpinski,
    name: msg`sierpinski`,
    about: msg`A triangle that draws itself, point by point`,
  },
  { href: "/lense", picture: PICTURES.lense, name: msg`lense`, about: msg`Mirror a picture across a line` },
];

function Tile({ href, picture, name, about }: (typeof TILES)[number]) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <li>
      <Link href={href} className="kids-tile" aria-labelledby={`${id}-name`} aria-describedby={`${id}-about`}>
        <svg className="kids-tile-picture" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
          {picture}
        </svg>
        <strong id={`${id}-name`} className="kids-tile-name">
          {i18n._(name)}
        </strong>
        <span id={`${id}-about`} className="kids-tile-about">
          {i18n._(about)}
        </span>
      </Link>
    </li>
  );
}

/** The kids home: a tile for each toy. */
export function KidsHome() {
  return (
    <section className="stack kids-home">
      <h1>
        <Trans>Kids</Trans>
      </h1>
      <ul className="kids-tiles">
        {TILES.map((tile) => (
          <Tile key={tile.href} {...tile} />
        ))}
      </ul>
    </section>
  );
}
