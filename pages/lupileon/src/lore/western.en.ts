import type { WesternSign } from "@nook/shared/lupileon/signs";
import type { WesternLore } from "./types.ts";

/** The western signs in English, written for Nook (plain text, rendered as text). */
export const western: Readonly<Record<WesternSign, WesternLore>> = {
  aries: {
    name: "Aries",
    symbol: "The Ram",
    nickname: "The First Spark",
    traits: ["Bold", "Energetic", "Direct", "Impatient", "Competitive", "Honest"],
    element: "Fire",
    ruler: "Mars",
    about:
      "In Greek myth a ram with a golden fleece carried the children Phrixus and Helle away from danger; Helle slipped into the sea that has been called the Hellespont ever since, and the ram’s fleece later drew Jason and the Argonauts to Colchis. The constellation is small and faint, marked by its two brightest stars, Hamal and Sheratan. About two thousand years ago the Sun stood here at the spring equinox, which is why Aries opens the zodiac.",
    description:
      "Aries people like to go first. They are quick to start, quick to speak their mind and just as quick to forgive, and they bring a rush of energy to anything they take on. Patience is not their strong point: a long wait wears them down faster than hard work. At their best they are brave, honest friends who make everyone around them feel that anything can be started, and started today.",
  },
  taurus: {
    name: "Taurus",
    symbol: "The Bull",
    nickname: "The Patient Gardener",
    traits: ["Patient", "Reliable", "Sensual", "Stubborn", "Practical", "Loyal"],
    element: "Earth",
    ruler: "Venus",
    about:
      "Zeus took the form of a gentle white bull to win the Phoenician princess Europa, then swam across the sea to Crete with her on his back. In the sky the bull’s face is the V-shaped Hyades cluster, with the orange star Aldebaran as its eye, and the Pleiades, the Seven Sisters, ride on its shoulder. Near the tip of one horn lies the Crab Nebula, the remains of a star seen to explode in 1054.",
    description:
      "Taurus people take their time, and what they build tends to last. They love comfort and the simple pleasures of the senses: good food, music, soft fabrics, a garden in bloom. Calm and loyal, they are hard to hurry and even harder to budge once their mind is made up. Friends lean on them because a Taurus is always where they said they would be.",
  },
  gemini: {
    name: "Gemini",
    symbol: "The Twins",
    nickname: "The Curious Messenger",
    traits: ["Curious", "Witty", "Talkative", "Adaptable", "Restless", "Sociable"],
    element: "Air",
    ruler: "Mercury",
    about:
      "The twins are Castor and Pollux, brothers of Helen of Troy: Castor was mortal, while Pollux was a son of Zeus. When Castor was killed, Pollux begged to share his immortality with him, and Zeus set the brothers side by side among the stars. Their two bright stars, Castor and Pollux, shine close together in the winter sky, and sailors once prayed to the twins for a safe voyage.",
    description:
      "Gemini people are curious about everything and everyone. They think fast, talk easily and can hold two opinions at once while they decide which one they like better. Routine bores them; new people, books and ideas keep them bright. They can seem restless or scattered, but they are wonderful company and can make a stranger laugh within a minute.",
  },
  cancer: {
    name: "Cancer",
    symbol: "The Crab",
    nickname: "The Keeper of the Hearth",
    traits: ["Caring", "Protective", "Intuitive", "Sensitive", "Loyal", "Moody"],
    element: "Water",
    ruler: "Moon",
    about:
      "While Heracles fought the many-headed Hydra, the goddess Hera sent a giant crab to nip at his feet; he crushed it, and Hera gave it a place among the stars. Cancer is the faintest constellation of the zodiac, yet on a dark night its heart shows a soft glow: the Beehive Cluster, a swarm of stars visible to the naked eye. The Tropic of Cancer is named after it, because in ancient times the Sun stood in these stars at the June solstice.",
    description:
      "Cancer people are guided by feeling and by home. They remember birthdays, keep old letters and can make any room feel lived in. Under a careful, sometimes shy shell they are deeply tender and fiercely protective of the people they love. Their moods may change like the tides, but their loyalty rarely does.",
  },
  leo: {
    name: "Leo",
    symbol: "The Lion",
    nickname: "The Big Heart",
    traits: ["Generous", "Confident", "Warm-hearted", "Loyal", "Proud", "Playful"],
    element: "Fire",
    ruler: "Sun",
    about:
      "The lion of Nemea had a hide no weapon could pierce, so Heracles strangled it with his bare hands as the first of his twelve labours and wore its skin as armour ever after. In the sky the lion’s head and mane are a backwards question mark of stars called the Sickle, with bright Regulus, the “little king”, at its foot. Every November the Leonid meteors seem to fly out of the lion’s mane.",
    description:
      "Leo people shine, and they like their shine to be seen. They are generous, warm and loyal, with a big laugh and an even bigger heart. They lead naturally and look after those in their care, though a little praise goes a long way with them and wounded pride stings. Give a Leo a stage, or a table full of friends, and they will light it up.",
  },
  virgo: {
    name: "Virgo",
    symbol: "The Maiden",
    nickname: "The Careful Hand",
    traits: ["Attentive", "Practical", "Helpful", "Modest", "Analytical", "Self-critical"],
    element: "Earth",
    ruler: "Mercury",
    about:
      "Virgo is often seen as Astraea, the goddess of justice who was the last of the immortals to leave the earth when people grew cruel, or as the harvest goddess Demeter holding a sheaf of wheat. Her brightest star, Spica, means “ear of grain” in Latin. Virgo is the largest constellation of the zodiac, and within it lies the Virgo Cluster, a crowd of more than a thousand galaxies.",
    description:
      "Virgo people notice what others miss. They like things done properly, are happiest when they are useful and show their love through small practical kindnesses, like a cup of tea at the right moment or a shelf quietly mended. Their minds are sharp and orderly, and they can be hard on themselves when something falls short. Modest and dependable, they are the friends who fix a problem before anyone else has seen it.",
  },
  libra: {
    name: "Libra",
    symbol: "The Scales",
    nickname: "The Peacemaker",
    traits: ["Diplomatic", "Fair-minded", "Charming", "Sociable", "Indecisive", "Romantic"],
    element: "Air",
    ruler: "Venus",
    about:
      "Libra is the only sign of the zodiac that pictures an object rather than a living creature: the scales of justice, often placed in the hands of Astraea, the maiden of neighbouring Virgo. The Greeks saw these stars as the claws of the Scorpion, and the Arabic names of the two brightest, Zubenelgenubi and Zubeneschamali, still mean “southern claw” and “northern claw”. In ancient times the Sun stood here at the autumn equinox, when day and night hang in balance.",
    description:
      "Libra people look for balance and beauty in everything. They are gracious, fair-minded and good at seeing every side of an argument, which makes them natural peacemakers and sometimes slow to make up their own minds. They love harmony, good company and pleasant surroundings, and quarrels wear them out. With a Libra, people feel heard.",
  },
  scorpio: {
    name: "Scorpio",
    symbol: "The Scorpion",
    nickname: "The Keeper of Secrets",
    traits: ["Intense", "Loyal", "Perceptive", "Determined", "Private", "Passionate"],
    element: "Water",
    ruler: "Mars and Pluto",
    about:
      "In Greek myth the earth goddess Gaia, or in some tellings Artemis, sent a scorpion to stop the boastful hunter Orion, and the two were set on opposite sides of the sky, so that the Scorpion rises just as Orion sets. At its heart burns Antares, a red supergiant whose name means “rival of Mars” because of its colour. The scorpion’s curling tail lies deep in the Milky Way, close to the centre of our galaxy.",
    description:
      "Scorpio people feel everything deeply, though they rarely show all of it. They are perceptive, determined and fiercely loyal, with a gift for getting to the truth of people and things. Trust comes to them slowly, and once given it is given for good. They can be secretive and slow to forget a hurt, but few friends are as steady when real trouble comes.",
  },
  sagittarius: {
    name: "Sagittarius",
    symbol: "The Archer",
    nickname: "The Free Arrow",
    traits: ["Adventurous", "Optimistic", "Frank", "Independent", "Generous", "Good-humoured"],
    element: "Fire",
    ruler: "Jupiter",
    about:
      "The Greeks pictured Sagittarius as a centaur drawing his bow, his arrow aimed at Antares, the heart of the neighbouring Scorpion; some saw in him the wise centaur Chiron, others Crotus, a satyr said to have invented archery. Its brightest stars make a shape that stargazers call the Teapot. Looking towards Sagittarius we look towards the centre of the Milky Way, where a giant black hole lies hidden behind the dust.",
    description:
      "Sagittarius people are born travellers, in body or in mind. They are open, cheerful and hopeful, always ready for a new road, a new idea or a big question about the meaning of it all. They say what they think, sometimes with more honesty than tact. Freedom matters to them more than almost anything, and their sense of adventure rubs off on everyone nearby.",
  },
  capricorn: {
    name: "Capricorn",
    symbol: "The Sea-Goat",
    nickname: "The Mountain Climber",
    traits: ["Ambitious", "Disciplined", "Responsible", "Patient", "Reserved", "Dry-humoured"],
    element: "Earth",
    ruler: "Saturn",
    about:
      "Capricorn is a sea-goat, half goat and half fish, a figure that goes back to ancient Babylon. The Greeks told how the god Pan leapt into the Nile to escape the monster Typhon, and the part of him under the water turned into a fish’s tail. The constellation is faint, but it gave its name to the Tropic of Capricorn, because in ancient times the Sun stood here at the December solstice.",
    description:
      "Capricorn people climb steadily towards what they want. They are patient, responsible and practical: when they make a plan, they actually follow it. Behind a reserved, sometimes serious face there is a dry sense of humour and a deep attachment to family and tradition. Many grow lighter and more playful with the years, as if they had saved their youth for later.",
  },
  aquarius: {
    name: "Aquarius",
    symbol: "The Water-Bearer",
    nickname: "The Free Thinker",
    traits: ["Original", "Independent", "Humane", "Friendly", "Idealistic", "Detached"],
    element: "Air",
    ruler: "Saturn and Uranus",
    about:
      "The water-bearer is usually Ganymede, a beautiful Trojan youth whom Zeus, in the shape of an eagle, carried off to Olympus to be the cupbearer of the gods. Aquarius lies in a part of the sky the ancients called the Sea, near the Fishes, the Whale and the Southern Fish, which drinks from his stream. Every May the Eta Aquariid meteors, dust left behind by Halley’s Comet, streak out of it.",
    description:
      "Aquarius people march to their own drum. They are inventive, independent and friendly to everyone, with a soft spot for good causes, new ideas and the odd ones out. Freedom comes first for them, and when feelings run high they can seem cool and distant, though they care a great deal; sometimes humanity as a whole moves them more than one person’s mood. Their friends treasure their honesty and originality.",
  },
  pisces: {
    name: "Pisces",
    symbol: "The Two Fish",
    nickname: "The Dreamer",
    traits: ["Compassionate", "Imaginative", "Intuitive", "Gentle", "Dreamy", "Sensitive"],
    element: "Water",
    ruler: "Jupiter and Neptune",
    about:
      "To escape the monster Typhon, Aphrodite and her son Eros turned into fish and dived into a river, tied together with a cord so as not to lose each other. In the sky two faint fish swim apart, joined by a long ribbon of stars knotted at the star Alrescha, whose name means “the cord”. Because the Earth’s axis slowly wobbles, the Sun now stands in Pisces at the spring equinox, where it once stood in Aries.",
    description:
      "Pisces people live close to the world of feelings and dreams. They are compassionate and imaginative, and they sense what others feel, often before a word is said. Music, art and quiet daydreams feed them, while harsh words and hard edges wear them out. Gentle and generous, they sometimes need a hand to keep their feet on the ground, and they repay it with endless kindness.",
  },
};
