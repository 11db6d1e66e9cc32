import type { ChineseAnimal, ChineseElement, YinYang } from "@nook/shared/lupileon/signs";
import type { ChineseLore, ElementLore, YinYangLore } from "./types.ts";

/** The twelve animals of the Chinese zodiac, in the order of the Great Race. */
export const chinese: Readonly<Record<ChineseAnimal, ChineseLore>> = {
  rat: {
    name: "Rat",
    nickname: "The Quick Wit",
    traits: ["Quick-witted", "Resourceful", "Thrifty", "Charming", "Curious", "Adaptable"],
    about:
      "When the Jade Emperor called the animals to a race across a wide river, the little Rat could not swim, so it asked the good-natured Ox for a ride. Just before the far bank it leapt from the Ox's head and landed first, and so the Rat opens the twelve-year cycle. People born in a Rat year are said to share that quickness: they spot chances others miss, make a lot out of a little, and are warm and loyal to the few they let close.",
  },
  ox: {
    name: "Ox",
    nickname: "The Patient Strength",
    traits: ["Dependable", "Patient", "Hard-working", "Honest", "Determined", "Methodical", "Calm"],
    about:
      "The Ox set out before everyone else and swam the river with slow, steady strokes, carrying the Rat on its back without a word of complaint. It would have won, but the Rat jumped ahead at the last moment, so the Ox came second and took it calmly. Ox people are known for the same patience: they work slowly and surely, keep their word, and are very hard to push off a path once they have chosen it.",
  },
  tiger: {
    name: "Tiger",
    nickname: "The Brave Heart",
    traits: ["Brave", "Confident", "Passionate", "Generous", "Independent", "Impulsive", "Protective"],
    about:
      "The Tiger was the strongest swimmer of all, but the current kept pushing it downstream, and it climbed onto the bank tired but proud in third place. Those born in Tiger years are said to be bold and big-hearted, quick to stand up for others and slow to back down. They love a challenge, sometimes leap before they look, and bring energy into every room they enter.",
  },
  rabbit: {
    name: "Rabbit",
    nickname: "The Gentle Diplomat",
    traits: ["Gentle", "Kind", "Tactful", "Elegant", "Careful", "Artistic"],
    about:
      "The Rabbit could not swim, so it hopped across the river from stone to stone, and when it slipped it clung to a floating log that carried it ashore in fourth place. In some tellings it was the Dragon who blew the log to the bank. Rabbit people are said to be gentle, tactful and fond of peace and beauty: they avoid quarrels, notice small kindnesses and know how to make a home feel calm.",
  },
  dragon: {
    name: "Dragon",
    nickname: "The Generous Power",
    traits: ["Ambitious", "Energetic", "Charismatic", "Generous", "Proud", "Visionary"],
    about:
      "Everyone expected the Dragon, who could fly, to win, yet it came in only fifth. When the Jade Emperor asked why, the Dragon said it had stopped to bring rain to a village parched by drought, and then, seeing the little Rabbit on its log, had blown it gently to the shore. Dragon people are said to be full of life and ambition, with a strong sense of fairness and a generosity as big as their confidence.",
  },
  snake: {
    name: "Snake",
    nickname: "The Quiet Sage",
    traits: ["Wise", "Intuitive", "Calm", "Discreet", "Elegant", "Determined"],
    about:
      "The Snake coiled itself around the Horse's hoof and crossed the river unseen. At the finish it slid out so suddenly that the startled Horse reared back, and the Snake took sixth place. People born in Snake years are said to be thoughtful and perceptive: they speak little, think a great deal, and usually know what they want long before they say it.",
  },
  horse: {
    name: "Horse",
    nickname: "The Free Spirit",
    traits: ["Energetic", "Cheerful", "Independent", "Sociable", "Adventurous", "Restless", "Warm-hearted"],
    about:
      "The Horse was galloping toward the finish, sure of sixth place, when the Snake darted out from its hoof and gave it a fright, so it came in seventh. Horse people are said to be lively, open and hard to hold back: they love movement, company and new places, and their cheerfulness is catching, even if patience is not their greatest gift.",
  },
  goat: {
    name: "Goat",
    nickname: "The Kind Dreamer",
    traits: ["Gentle", "Creative", "Compassionate", "Calm", "Sensitive", "Easy-going"],
    about:
      "The Goat, the Monkey and the Rooster crossed the river together: the Rooster found a raft, and the Monkey and the Goat cleared away the weeds and pushed it across. The Jade Emperor was pleased by their teamwork, and the Goat was given eighth place. People born in Goat years are said to be kind, gentle and creative, happiest in a peaceful home among the people they love, and blessed with a fine eye for beauty.",
  },
  monkey: {
    name: "Monkey",
    nickname: "The Merry Inventor",
    traits: ["Clever", "Playful", "Inventive", "Curious", "Witty", "Versatile"],
    about:
      "The Monkey shared the raft with the Goat and the Rooster, steering it through the weeds and helping to push it across, and took ninth place. People born in Monkey years are said to be sharp, funny and endlessly curious: they solve problems in unexpected ways, learn fast and love a good joke, sometimes at the expense of those who take themselves too seriously.",
  },
  rooster: {
    name: "Rooster",
    nickname: "The Proud Herald",
    traits: ["Honest", "Observant", "Hard-working", "Confident", "Punctual", "Outspoken"],
    about:
      "It was the Rooster who found the raft that carried it, the Goat and the Monkey over the river, and it came in tenth. Rooster people are said to be honest, organised and observant: they rise early, keep things in order and say what they think, and beneath the proud feathers there is a loyal and dependable friend.",
  },
  dog: {
    name: "Dog",
    nickname: "The Loyal Guardian",
    traits: ["Loyal", "Honest", "Fair", "Protective", "Kind", "Responsible"],
    about:
      "The Dog was a fine swimmer, yet it came in eleventh, because the cool water was so pleasant that it kept stopping to splash and play. People born in Dog years are said to be faithful, honest and fair: they stand by their friends, stand up for what is right, and are only truly at ease when the people they love are safe.",
  },
  pig: {
    name: "Pig",
    nickname: "The Good Companion",
    traits: ["Generous", "Kind", "Sincere", "Easy-going", "Patient", "Enjoys life"],
    about:
      "The Pig came last of all: on the way it grew hungry, stopped for a feast and then lay down for a nap before it finished the race. Even so, it won its place among the twelve. People born in Pig years are said to be warm, sincere and generous, fond of good food and good company, and trusting enough to see the best in everyone.",
  },
};

/** The five elements (wu xing): each colours the animal of the year. */
export const elements: Readonly<Record<ChineseElement, ElementLore>> = {
  wood: {
    name: "Wood",
    about:
      "Wood is the element of spring and growth. A Wood year lends its animal generosity, patience and a wish to build things and help them grow, making it more cooperative and far-sighted.",
  },
  fire: {
    name: "Fire",
    about:
      "Fire is the element of summer and warmth. It gives its animal passion, courage and energy, a gift for leading and inspiring others, and a quick temper worth keeping an eye on.",
  },
  earth: {
    name: "Earth",
    about:
      "Earth is the element of the centre and of the turning points between the seasons. It makes its animal steady, practical and trustworthy, someone who keeps promises and gives others firm ground to stand on.",
  },
  metal: {
    name: "Metal",
    about:
      "Metal is the element of autumn and harvest. It gives its animal resolve, clear principles and strength of will, with a keen sense of right and wrong that can sometimes make it a little rigid.",
  },
  water: {
    name: "Water",
    about:
      "Water is the element of winter and deep wells. It brings its animal intuition, wisdom and flexibility, a gift for listening and for finding a way around any obstacle.",
  },
};

/** The two halves of everything; the year's animal and stem are one or the other. */
export const yinYang: Readonly<Record<YinYang, YinYangLore>> = {
  yin: {
    name: "Yin",
    element: "Earth",
    about:
      "Yin first meant the shady side of a hill: the quiet, receptive half of everything, tied to the Earth, the Moon, night, coolness and rest. It is not weakness but the strength of water and soil, which hold, nourish and know how to wait. The Ox, Rabbit, Snake, Goat, Rooster and Pig are the yin animals.",
    traits: ["Receptive", "Intuitive", "Calm", "Patient", "Nurturing", "Reflective"],
  },
  yang: {
    name: "Yang",
    element: "Heaven",
    about:
      "Yang first meant the sunny side of a hill: the bright, active half of everything, tied to Heaven, the Sun, day, warmth and movement. It begins things, reaches outward and rises, and it always turns back into yin, as day turns into night. The Rat, Tiger, Dragon, Horse, Monkey and Dog are the yang animals.",
    traits: ["Active", "Bold", "Outgoing", "Decisive", "Energetic", "Direct"],
  },
};
