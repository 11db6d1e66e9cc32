import type { CelticTree } from "@nook/shared/lupileon/signs";
import type { CelticLore } from "./types.ts";

/** The thirteen trees of the Celtic tree calendar, from birch on 24 December. */
export const celtic: Readonly<Record<CelticTree, CelticLore>> = {
  birch: {
    tree: "Birch",
    nickname: "The Pioneer",
    traits: ["Ambitious", "Resilient", "Disciplined", "Fresh-thinking", "Tolerant", "Quietly charming"],
    guardianAnimals: ["White stag", "Golden eagle"],
    gemstone: "Rock crystal",
    about:
      "The birch gives its name to Beith, the first letter of ogham, the early Irish alphabet cut as notches along the edges of standing stones; legend says the very first ogham message was seven strokes of Beith carved by the god Ogma on a birch rod. Birch was one of the first trees to return to Ireland and Britain after the Ice Age, and so it became the tree of new beginnings. The tree calendar itself is modern, though: it grew out of Robert Graves's book The White Goddess (1948), not out of any ancient Celtic or druidic practice.",
    description:
      "Birch people are starters. Like the birch that is first to take root on bare ground, they are drawn to fresh beginnings and are not easily put off by hard conditions. They set high goals and work steadily toward them, often leading quietly by example. Under a cool, composed surface there is real warmth and a dry sense of humour that their friends know well.",
  },
  rowan: {
    tree: "Rowan",
    nickname: "The Visionary",
    traits: ["Original", "Idealistic", "Independent", "Perceptive", "Quietly passionate", "Principled"],
    guardianAnimals: ["Green dragon", "Serpent"],
    gemstone: "Peridot",
    about:
      "The rowan is Luis, the second letter of ogham, a name that may be related to the Old Irish words for flame or for herb. In Ireland and Scotland a sprig of rowan over the door or in the cowshed was believed to keep enchantment away, and its bright red berries were thought to hold a magic of their own. In the old tale of Diarmuid and Gráinne, a rowan whose berries could heal and lengthen life is guarded by a fierce giant.",
    description:
      "Rowan people see the world a little differently and are not afraid to say so. They are thinkers and quiet visionaries, full of original ideas and ready to stand up for their principles. They can seem reserved, but the fire inside them burns steadily, and they protect the people they care about as faithfully as the rowan was said to guard a home.",
  },
  ash: {
    tree: "Ash",
    nickname: "The Enchanter",
    traits: ["Imaginative", "Intuitive", "Artistic", "Free-spirited", "Thoughtful", "Self-reliant"],
    guardianAnimals: ["Seahorse", "Heron"],
    gemstone: "Coral",
    about:
      "The ash has the ogham letter Nion, and it stood tall in Irish lore: of the five great sacred trees of early Ireland, three are said to have been ashes, among them the tree of Uisnech at the legendary centre of the land. Its strong, springy wood made spear shafts in the old days, and it still makes the hurleys used in the Irish game of hurling.",
    description:
      "Ash people live rich inner lives. They are imaginative and intuitive, drawn to art, nature and the big questions, and they tend to follow their own rhythm rather than anyone else's. They can seem dreamy, yet they are practical when it matters and, like the supple ash in a gale, they bend without breaking. They care deeply about the world around them.",
  },
  alder: {
    tree: "Alder",
    nickname: "The Pathfinder",
    traits: ["Confident", "Courageous", "Energetic", "Focused", "Charming", "Outgoing"],
    guardianAnimals: ["Fox", "Hawk"],
    gemstone: "Ruby",
    about:
      "The alder is Fearn in ogham, a tree of riverbanks and wet ground. Its pale wood turns a striking orange-red when cut, as if it bled, and it lasts for centuries under water, which is why alder posts were driven into lake beds to hold up crannogs, the old Irish dwellings built on artificial islands. The medieval ogham glosses also link the letter with warriors' shields.",
    description:
      "Alder people are natural pathfinders. They are confident and energetic, at their best when there is a clear goal and a group that needs someone to lead the way. Their directness can come across as blunt, but it comes with real charm and a knack for lifting other people's spirits. Like the alder holding a riverbank together, they are the ones others lean on when the ground gets soft.",
  },
  willow: {
    tree: "Willow",
    nickname: "The Keeper of Memory",
    traits: ["Intuitive", "Patient", "Sensitive", "Creative", "Wise", "Resilient"],
    guardianAnimals: ["Hare", "Sea serpent"],
    gemstone: "Moonstone",
    about:
      "The willow is Saille in ogham, a name that is a cousin of the Latin salix. Willows grow wherever there is water, and their flexible shoots, called withies, were woven into baskets, fences and the wattle walls of early Irish houses. Willow bark was used against pain and fever long before chemists found in it the substance that led to aspirin.",
    description:
      "Willow people feel things deeply and notice what others miss. They are intuitive, patient and creative, often gifted with music, words or images, and their memory holds on to the smallest details. Like the willow, they bend rather than break: life may push them hard, but they straighten up and keep growing. They make wise and gentle friends.",
  },
  hawthorn: {
    tree: "Hawthorn",
    nickname: "The Hidden Flame",
    traits: ["Adaptable", "Curious", "A good listener", "Creative", "Witty", "Patient"],
    guardianAnimals: ["Owl", "Bee"],
    gemstone: "Topaz",
    about:
      "The hawthorn is Huath in ogham, and the Old Irish word úath also meant fear or dread. A lone hawthorn in a field is still treated as a fairy tree in much of Ireland, and farmers plough around it rather than cut it down; in 1999 a new road in County Clare was even rerouted to spare one. Its white blossom opens in May, which is why it is also called the may tree.",
    description:
      "Hawthorn people are rarely what they first seem. Behind an ordinary, easy-going manner they hide a lively imagination, a creative spark and a fine sense of humour. They are good listeners who put others at ease, and they adapt to almost any situation. Those who take the time to know them find real depth, and a loyal friend.",
  },
  oak: {
    tree: "Oak",
    nickname: "The Stronghold",
    traits: ["Strong", "Protective", "Generous", "Courageous", "Steady", "Optimistic"],
    guardianAnimals: ["Wren", "White horse"],
    gemstone: "Diamond",
    about:
      "The oak is Duir in ogham, from the Old Irish dair, oak, a word that lives on in place names such as Derry and Kildare, the church of the oak. Early Irish law counted the oak among the nobles of the wood, trees whose felling carried a heavy fine, and the word druid itself may well mean something like one who knows the oak.",
    description:
      "Oak people are the steady centre of their circle. Born around midsummer, when the oak is in full leaf, they are strong, generous and protective, always ready to shelter someone who needs it. They have courage and staying power, and they tend to see the bright side even in hard times. They can be stubborn, but their loyalty runs as deep as an oak's roots.",
  },
  holly: {
    tree: "Holly",
    nickname: "The Evergreen Leader",
    traits: ["Noble", "Ambitious", "Competitive", "Generous", "Self-assured", "Loyal"],
    guardianAnimals: ["Unicorn", "Horse"],
    gemstone: "Carnelian",
    about:
      "The holly is Tinne in ogham; the word itself probably meant a bar of metal, and medieval scholars may have matched it with holly for its hard, pale wood. Early Irish law counted holly among the nobles of the wood, and its evergreen leaves and red berries were brought indoors in midwinter, when everything else stood bare.",
    description:
      "Holly people carry themselves with quiet authority. They are ambitious and competitive, at their best when facing a challenge, and they rarely give up once they have set their minds on something. Behind the prickly leaves there is a generous, affectionate heart, and they stand by their friends in every season, like the holly that stays green all winter.",
  },
  hazel: {
    tree: "Hazel",
    nickname: "The Knowledge Keeper",
    traits: ["Intelligent", "Observant", "Analytical", "Efficient", "Well-informed", "Organised"],
    guardianAnimals: ["Salmon", "Crane"],
    gemstone: "Amethyst",
    about:
      "The hazel, the tree of wisdom in Irish myth, is Coll in ogham. Hazelnuts dropping into a sacred well fed the Salmon of Knowledge, and when the young Fionn mac Cumhaill burned his thumb while cooking the fish and put it in his mouth, all the wisdom of the world passed to him. Hazel was one of the nobles of the wood too, and its forked twigs are still used by dowsers looking for water.",
    description:
      "Hazel people like to know how things work. They are clever, observant and quick to learn, with good memories and a gift for putting what they know to use. They like order, plan carefully and often become the expert their friends turn to. Their calm surface hides a lively mind that never stops asking questions.",
  },
  vine: {
    tree: "Vine",
    nickname: "The Harvest Soul",
    traits: ["Refined", "Charming", "Sensitive", "Balanced", "Changeable", "Generous"],
    guardianAnimals: ["Lizard", "White swan"],
    gemstone: "Emerald",
    about:
      "Medieval scholars matched the ogham letter Muin with the vine, even though grapevines do not grow wild in Ireland: the Irish knew wine as a precious import from Gaul, and some modern writers think the native bramble lies behind the letter instead. The vine's season falls at the grape harvest, the time of gathering in.",
    description:
      "Vine people have refined tastes and a gift for enjoying life. They love beauty, good food and good company, and they make warm, charming hosts. They can weigh every side of a choice for a long time, but once they decide they give themselves to it fully. Their moods may change with the seasons, but their loyalty does not.",
  },
  ivy: {
    tree: "Ivy",
    nickname: "The Enduring Spirit",
    traits: ["Resilient", "Loyal", "Compassionate", "Determined", "Sociable", "Graceful under pressure"],
    guardianAnimals: ["Butterfly", "Mute swan"],
    gemstone: "Opal",
    about:
      "The ivy is Gort in ogham, and in Old Irish the word also meant a field or garden. Ivy stays green all year, climbs anything it can hold on to, and flowers late in autumn, feeding bees and butterflies when almost nothing else is in bloom. In Irish and British folk custom it was paired with holly and brought indoors for the winter.",
    description:
      "Ivy people know how to endure. They meet hard times with quiet courage and keep on growing, finding a hold where others see only a bare wall. They are loyal and compassionate, generous with their time and help, and their warmth draws people to them. Behind the gentle manner there is a will that rarely gives up.",
  },
  reed: {
    tree: "Reed",
    nickname: "The Truth Seeker",
    traits: ["Perceptive", "Loyal", "Deep", "Curious", "Truthful", "Intense"],
    guardianAnimals: ["Hound", "Owl"],
    gemstone: "Jasper",
    about:
      "The reed is Ngetal in ogham, a letter for the sound ng, though some medieval lists give broom instead of reed. Reed beds grow thick along Irish lakes and rivers, and their tall stems have long been cut for thatching roofs. The reed's season falls around Samhain, the Celtic festival at which the year turned toward its dark half.",
    description:
      "Reed people look beneath the surface. They are perceptive and curious, drawn to secrets, stories and the truth behind appearances, and they can be surprisingly persuasive. Loyal and private, they give their trust slowly but completely. Like the reed that bows in the wind and rises again, they come through storms with their roots intact.",
  },
  elder: {
    tree: "Elder",
    nickname: "The Wild Heart",
    traits: ["Free-spirited", "Outgoing", "Thoughtful", "Generous", "Frank", "Adventurous"],
    guardianAnimals: ["Badger", "Raven"],
    gemstone: "Jet",
    about:
      "The elder is Ruis in ogham, and the old word-lists gloss the letter with the redness of a blush, perhaps for the dark red juice of its berries. Across Ireland and Britain the elder was treated with care: many would not burn its wood or cut it without asking leave, while its creamy flowers and dark berries went into cordials, wines and home remedies. It closes the year, just before the birch begins it again.",
    description:
      "Elder people are free spirits with a thoughtful side. They love new experiences, open spaces and honest company, and they can be the life of a party one day and happily alone the next. They are generous and frank, sometimes to the point of bluntness, but they always mean well. Like the elder, which grows back quickly when cut, they recover from setbacks and start afresh.",
  },
};
