import type { Suit, SuitText } from "./types.ts";

export const suits: Record<Suit, SuitText> = {
  wands: {
    name: "Wands",
    paragraphs: [
      "Wands belong to fire, the element of spark, heat and movement. They speak of drive, creativity, ambition and everything that makes you want to get up in the morning. When wands appear, the question is usually about energy: where it comes from, where it goes and what you are willing to set alight. This is the suit of beginnings, projects and the courage to put yourself forward.",
      "At their best, wands bring an enthusiasm that is catching and a confidence that turns ideas into action. You feel it as a rush of inspiration, a willingness to take a risk, or the warmth with which you lead others towards something you believe in. When fire is strong, you grow brave, playful and quick to act. It reminds you that passion is a resource, not a luxury.",
      "Fire left untended either burns out or burns others. The shadow of wands is restlessness, impatience, ego, and ten things started with not one of them finished. It can also be the opposite: a flame barely flickering after too long without rest or meaning. This suit asks you to tend your fire, feeding it with purpose and protecting it with rest, so that it warms rather than scorches.",
    ],
  },
  cups: {
    name: "Cups",
    paragraphs: [
      "Cups belong to water, the element of feeling, flow and reflection. They speak of love, friendship, intuition, dreams and everything the heart holds. When cups appear, the question usually concerns your emotional life: what you feel, who is close to you and what moves you. This is the suit of relationships, both with other people and with your own inner world.",
      "At their best, cups bring tenderness, empathy and the ability to receive as well as to give. You recognise them in a heart-to-heart conversation, a creative mood, a sense of belonging or a quiet, contented evening. When water is strong, feelings flow freely, neither dammed up nor bursting their banks. Cups teach that vulnerability is also a form of courage.",
      "Water without banks spills over into moodiness, wishful thinking or losing yourself in other people's needs. The shadow of cups can also be stagnation: old hurts kept in a sealed vessel, or daydreams that stand in for real life. This suit asks you to honour your feelings without drowning in them, and to pour your care into something real. Ask yourself honestly what your heart needs, and let someone help you fill the cup.",
    ],
  },
  swords: {
    name: "Swords",
    paragraphs: [
      "Swords belong to air, the element of thought, words and clarity. They speak of the mind: how you reason, decide, argue and tell the truth. When swords appear, the question usually concerns your beliefs, your conversations and the stories you tell yourself. This is the suit of ideas and of the conflicts that ideas can spark.",
      "At their best, swords cut through confusion and bring honesty, focus and fairness. You feel them as a clear decision, a well-chosen word, the courage to name a problem or a boundary stated calmly. When air is strong, you grow sharp, curious and just. Swords remind you that the truth, even an uncomfortable one, can put things in order.",
      "A blade turned inward becomes worry, overthinking and harsh judgement of yourself. The shadow of swords shows up as thoughts circling in the middle of the night, cutting words, coldness, or hiding from feelings behind logic. This suit asks you to use your mind as a tool rather than a weapon, against others or against yourself. Question your thoughts before you believe them, and let kindness always travel alongside your honesty.",
    ],
  },
  pentacles: {
    name: "Pentacles",
    paragraphs: [
      "Pentacles belong to earth, the element of body, matter and time. They speak of work, home, the body, craft, resources and the practical side of life. When pentacles appear, the question usually concerns what you build with your hands and your days: routines, skills, the place you live and the things you look after. This is the suit of the tangible, of what grows slowly and lasts.",
      "At their best, pentacles bring steadiness, patience and quiet skill. You see them in a well-kept garden, a craft honed over years, a routine that nourishes you, or a home where you feel safe. When earth is strong, you grow reliable, generous and at home in your own body. Pentacles teach that small but steady efforts add up to something solid.",
      "Earth grown too heavy turns into stubbornness, worry about tomorrow, or work that swallows the rest of life. The shadow of pentacles can also be neglect: forgetting the body, the home or the everyday tasks that keep everything running. This suit asks you to build a life you can actually live in, not just one that looks secure. Tend to the everyday, and remember that rest is also part of a good harvest.",
    ],
  },
};
