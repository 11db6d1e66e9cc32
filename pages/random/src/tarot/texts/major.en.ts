import type { CardText } from "./types.ts";

export const major: readonly CardText[] = [
  // 0 The Fool
  {
    name: "The Fool",
    upright: [
      "A fresh start asks for trust more than a plan, and you are allowed to begin before you feel ready.",
      "It shows up as an invitation you almost turned down: a new route, a class, a chat with a stranger.",
      "What would you try today if nobody, including you, expected you to be good at it yet?",
      "Carry your curiosity lightly, but glance at the ground now and then so the leap stays a joyful one.",
    ],
    reversed: [
      "The urge to begin is there, but the fear of looking foolish keeps your bag packed and the door shut.",
      "Or the opposite: you keep leaping into new things to avoid finishing, feeling or choosing anything at all.",
      "Is this hesitation wisdom, or an old habit of waiting for a guarantee that never comes?",
      "Take one small step you can undo, and notice that the world does not end when you are a beginner.",
    ],
  },
  // 1 The Magician
  {
    name: "The Magician",
    upright: [
      "You already hold the tools you need; the work now is to gather your attention and use them on purpose.",
      "It looks like a morning when the idea, the skill and the time line up, and you actually start.",
      "Which of your talents have you been keeping in a drawer, waiting for a better occasion?",
      "Name one clear intention and act on it today, because focus turns possibility into something you can touch.",
    ],
    reversed: [
      "Your energy scatters across too many projects, and the tools lie on the table while you wonder where to begin.",
      "Sometimes it is cleverness used to impress or persuade rather than to build something honest.",
      "Where are your words running ahead of your actions, or your doubts running ahead of your abilities?",
      "Close a few tabs, literal or not, and put your whole skill into one modest task until it is done.",
    ],
  },
  // 2 The High Priestess
  {
    name: "The High Priestess",
    upright: [
      "A quiet knowing sits beneath the noise, and this card asks you to listen before you explain or decide.",
      "You may notice it as a dream that lingers, a hunch about someone, or a pull towards solitude.",
      "What do you already know about this situation that you have not yet admitted out loud?",
      "Leave some questions open for a while, since not every answer arrives on the schedule you would like.",
    ],
    reversed: [
      "Your inner voice is drowned out by other people's opinions, your feeds or your own busy reasoning.",
      "It can also mean hiding behind mystery and keeping secrets that quietly cost you closeness.",
      "When did you last sit in silence long enough to hear what you actually feel?",
      "Protect a little uninterrupted time today, and write down whatever surfaces without judging it.",
    ],
  },
  // 3 The Empress
  {
    name: "The Empress",
    upright: [
      "Abundance grows from care: nourishing your body, your senses and the things you have planted.",
      "It shows up as cooking a real meal, tending plants, making a room cosy, or a project that finally blossoms.",
      "What in your life is ready to grow if you give it warmth and patience rather than pressure?",
      "Let pleasure count as part of the work, because rest and beauty are not rewards you must earn first.",
    ],
    reversed: [
      "Creativity feels dry, often because you have been giving to everyone and feeding yourself last.",
      "It can also appear as smothering care, holding on so tightly that others cannot grow in their own way.",
      "Where have you stopped treating your own needs as real and worth tending?",
      "Start with something simple and physical, a walk, a meal or a bath, and let the well refill slowly.",
    ],
  },
  // 4 The Emperor
  {
    name: "The Emperor",
    upright: [
      "Structure is a form of care here: clear boundaries, steady routines and decisions you stand behind.",
      "In daily life it looks like drawing up the schedule, setting the rules of a project, or taking responsibility.",
      "Where would a little more order give you and the people around you room to breathe?",
      "Lead with steadiness rather than force, and let your authority rest on keeping your word.",
    ],
    reversed: [
      "Control hardens into rigidity, and rules start to matter more than the people they were meant to protect.",
      "Or structure is missing altogether, and the days dissolve because no one, including you, takes the lead.",
      "Are you holding on to control because it helps, or because uncertainty frightens you?",
      "Loosen one rule that no longer serves you, and firm up one commitment that genuinely matters.",
    ],
  },
  // 5 The Hierophant
  {
    name: "The Hierophant",
    upright: [
      "Tradition, teachers and shared values offer a path that others have walked and found trustworthy.",
      "It can appear as a mentor, a course of study, a ritual you keep, or a community that holds you.",
      "Which teachings from your family or culture still ring true when you hold them up to the light?",
      "Learning a form well first can give you the freedom to adapt it later in your own way.",
    ],
    reversed: [
      "Inherited rules feel tight, and you may be ready to question what you were taught to accept.",
      "It can also point to rebellion for its own sake, rejecting wisdom simply because it came from authority.",
      "Whose voice is speaking when you tell yourself what you should believe or do?",
      "Keep what nourishes you from the old ways, and give yourself permission to set the rest down.",
    ],
  },
  // 6 The Lovers
  {
    name: "The Lovers",
    upright: [
      "This card is about connection and choice, meeting someone or something in a way that reflects your values.",
      "It shows up as a meaningful relationship, an honest conversation, or a decision that asks for your whole heart.",
      "What would you choose if you trusted that your values were allowed to lead?",
      "Real closeness needs both openness and honesty, so say the true thing gently rather than the easy thing.",
    ],
    reversed: [
      "Something feels out of tune, between you and another person or between your choices and your values.",
      "It may show as putting off a decision in the hope it will be made for you, or seeking approval over truth.",
      "Where are you saying yes out loud while something inside you quietly says no?",
      "Return to what matters most to you, and let that, not the fear of disappointing anyone, guide the next step.",
    ],
  },
  // 7 The Chariot
  {
    name: "The Chariot",
    upright: [
      "Willpower and direction carry you forward when you hold opposing impulses together and steer.",
      "It looks like getting through a hard stretch, keeping a commitment, or moving past obstacles with focus.",
      "What is your destination, and are both your head and your heart pulling towards it?",
      "Keep your hands on the reins, since discipline does not mean harshness, only staying on course.",
    ],
    reversed: [
      "Momentum stalls because your energy is pulling in two directions or the goal has quietly gone vague.",
      "It may also show as pushing too hard, trying to win by force when patience would serve you better.",
      "Are you driving towards something you truly want, or simply refusing to slow down?",
      "Stop long enough to check the map, then choose one direction and commit to it again.",
    ],
  },
  // 8 Strength
  {
    name: "Strength",
    upright: [
      "True strength is gentle: courage that calms rather than conquers, and patience with what is wild in you.",
      "It shows up when you stay kind under pressure, or soothe your own fear instead of obeying it.",
      "Which part of you needs a steady, loving hand rather than more criticism?",
      "Soft persistence often moves what force cannot, so trust quiet effort repeated over time.",
    ],
    reversed: [
      "Self-doubt whispers that you are not enough, and you forget the resilience you have already shown.",
      "Or feelings held down for too long break through as irritation, impatience or sudden outbursts.",
      "What would change if you treated your fear as something to befriend rather than defeat?",
      "Rebuild confidence with small proofs: one brave act, one kind word to yourself, one boundary kept.",
    ],
  },
  // 9 The Hermit
  {
    name: "The Hermit",
    upright: [
      "Stepping back from the crowd lets you hear your own thoughts and find a light to walk by.",
      "It can look like a quiet evening alone, a long walk, a journal page or a day away from screens.",
      "What question have you been too busy to sit with properly?",
      "Solitude is not a retreat from life but the way you gather wisdom worth bringing back to others.",
    ],
    reversed: [
      "Solitude has turned into isolation, and time alone feels more like hiding than resting.",
      "Or the opposite: you avoid being alone at all, filling every silence so you never have to listen.",
      "Are you withdrawing to recover, or because reaching out feels too risky right now?",
      "Balance your inward time with one real connection, a call or a shared meal, to keep your lantern lit.",
    ],
  },
  // 10 Wheel of Fortune
  {
    name: "Wheel of Fortune",
    upright: [
      "Life moves in cycles, and this card marks a turning point when circumstances shift, often in your favour.",
      "You might notice unexpected timing, a chance meeting, or an old pattern finally loosening its grip.",
      "What has the last turn of the wheel taught you that you want to carry into the next?",
      "Meet the change with open hands, since nothing, good or hard, stays exactly the same for long.",
    ],
    reversed: [
      "Things may feel stuck or set against you, as though the same lesson keeps coming round again.",
      "You might be resisting a change that has already happened, holding on to how things used to be.",
      "Which repeating pattern in your life is asking you to respond differently this time?",
      "Focus on what you can influence, your attitude and your next step, and let the rest keep turning.",
    ],
  },
  // 11 Justice
  {
    name: "Justice",
    upright: [
      "Fairness and truth ask to be weighed honestly, including your own part in how things unfolded.",
      "It shows up in keeping agreements, making balanced decisions and owning the consequences of your choices.",
      "If you looked at this situation from every side, what would a fair outcome actually look like?",
      "Act with integrity even when no one is watching, because clarity comes from being straight with yourself.",
    ],
    reversed: [
      "Something feels unbalanced, and you may be blaming others or yourself more than the facts allow.",
      "It can show up as dodging accountability, bending the truth, or putting up with an arrangement that isn't fair.",
      "Where are you judging yourself far more harshly, or far more gently, than you would judge a friend?",
      "Look calmly at the facts, make amends where you can, and let go of what was never yours to carry.",
    ],
  },
  // 12 The Hanged Man
  {
    name: "The Hanged Man",
    upright: [
      "Pausing and letting go of control can show you the situation from an entirely new angle.",
      "It may look like waiting for an answer, accepting a delay, or choosing to give up a small battle.",
      "What do you see differently when you stop trying to force this to go your way?",
      "Treat this in-between time as a gift of perspective rather than a loss of progress.",
    ],
    reversed: [
      "You are stuck in limbo, waiting for something to change while refusing to change anything yourself.",
      "It can also mean sacrificing too much, giving yourself up for people or plans that give nothing back.",
      "Is this pause still teaching you something, or has it become a comfortable place to hide?",
      "Make one small decision that ends the waiting, even if it is only deciding what you will no longer wait for.",
    ],
  },
  // 13 Death
  {
    name: "Death",
    upright: [
      "An ending is under way, a chapter closing so that something truer has room to begin.",
      "It shows up as outgrowing a role, a habit or a version of yourself that no longer fits.",
      "What are you ready to release, even if you cannot yet see what comes next?",
      "Let grief and relief sit side by side, because honouring what ends is part of moving on.",
    ],
    reversed: [
      "You may be clinging to something already finished, afraid of the emptiness that follows letting go.",
      "Change comes slowly and painfully when you resist it, like a season that refuses to turn.",
      "What would you really lose if you stopped holding on to how things used to be?",
      "Take one gentle step towards closure, a letter, a clear-out or a goodbye, and let the transition begin.",
    ],
  },
  // 14 Temperance
  {
    name: "Temperance",
    upright: [
      "Balance comes from blending opposites patiently, finding the middle way instead of swinging between extremes.",
      "It looks like pacing your energy, mixing work with rest, or calmly bringing two sides together.",
      "Where in your life would a little moderation make things feel more whole?",
      "Growth often happens gradually, so trust the slow, steady mixing of small efforts.",
    ],
    reversed: [
      "Life feels lopsided, with too much of one thing and too little of another.",
      "It may show up as overdoing it, rushing, or swinging between strict control and total indulgence.",
      "Where do you keep going to extremes, and what would the middle ground look like there?",
      "Slow down and adjust one ingredient at a time instead of trying to fix everything at once.",
    ],
  },
  // 15 The Devil
  {
    name: "The Devil",
    upright: [
      "This card points to attachments and habits that hold you more tightly than you would like to admit.",
      "It can appear as the compulsion to keep scrolling, a familiar relationship pattern, or a belief that you have no choice.",
      "Which chain in your life is looser than it looks, if you were willing to lift it off?",
      "Look at your cravings with curiosity rather than shame, since understanding them is the first step to freedom.",
    ],
    reversed: [
      "You are beginning to notice what binds you, and the wish to break free is growing stronger.",
      "Sometimes it also means hiding a struggle, even from yourself, because facing it feels too heavy.",
      "What would one honest step towards freedom look like this week?",
      "Reach for support rather than relying on willpower alone, and celebrate each small loosening of the grip.",
    ],
  },
  // 16 The Tower
  {
    name: "The Tower",
    upright: [
      "Sudden change shakes something built on shaky ground, clearing space for a more honest foundation.",
      "It can look like a plan falling apart, a truth coming out, or a realisation that changes everything.",
      "What structure in your life was already cracking before this moment made it visible?",
      "After the shock, look at what is still standing, because it shows you what is genuinely solid.",
    ],
    reversed: [
      "You may be holding a crumbling structure together with both hands, delaying a change that is coming anyway.",
      "Or the upheaval is internal, a quiet shift in your beliefs rather than a dramatic outer event.",
      "What are you afraid would fall if you stopped propping it up?",
      "Allow a deliberate release now, so change can come as a gentle dismantling instead of a crash.",
    ],
  },
  // 17 The Star
  {
    name: "The Star",
    upright: [
      "Hope returns after a hard season, quiet and clear, like the first stars after a storm.",
      "It shows up as renewed faith in yourself, a sense of calm, or inspiration flowing again.",
      "What small, gentle hope are you willing to believe in again?",
      "Share your light generously, and rest in the feeling that you are on the right path.",
    ],
    reversed: [
      "Hope feels faint, and you may have lost touch with what once gave your days a sense of meaning.",
      "It can show up as discouragement, cynicism, or a feeling that your efforts make no difference.",
      "What used to inspire you, and is there a small way to reconnect with it now?",
      "Be patient with yourself and look for one small sign of light rather than waiting for a miracle.",
    ],
  },
  // 18 The Moon
  {
    name: "The Moon",
    upright: [
      "Things are not fully clear yet, and your imagination and intuition are doing more work than your logic.",
      "It may show up as vivid dreams, a vague unease, or a situation where not all the facts are visible.",
      "What fear might be shaping how you see this, and what do you actually know for certain?",
      "Move slowly through the fog, trust your instincts, and wait for daylight before making big decisions.",
    ],
    reversed: [
      "The confusion is starting to lift, and things that seemed frightening reveal their ordinary shapes.",
      "It may also point to feelings you pushed down, now surfacing as restlessness or strange moods.",
      "What have you been avoiding looking at directly, and what might happen if you did?",
      "Write down your worries and check them against the facts, since many of them shrink in the light.",
    ],
  },
  // 19 The Sun
  {
    name: "The Sun",
    upright: [
      "Joy, warmth and clarity shine here, in a time when things feel simple and you feel like yourself.",
      "It shows up as laughter with friends, a success you can share, or a bright day that lifts your mood.",
      "What makes you feel fully alive, and how can you make more room for it?",
      "Let yourself be seen, and enjoy this light without waiting for the other shoe to drop.",
    ],
    reversed: [
      "The light is there but dimmed, perhaps by tiredness, self-doubt or a habit of expecting less.",
      "It may also show as forced cheerfulness, performing happiness rather than actually feeling it.",
      "What would it take for you to let yourself enjoy something good all the way?",
      "Seek out simple pleasures, sunlight, play and good company, and let your inner child have a say.",
    ],
  },
  // 20 Judgement
  {
    name: "Judgement",
    upright: [
      "A calling rises, asking you to look back on your life honestly and answer with a fuller version of yourself.",
      "It may look like a moment of clarity, a decision to forgive, or a sudden sense of purpose.",
      "What is your deeper self calling you towards right now?",
      "Reflect on your past with compassion, and take from it whatever helps you rise into the next chapter.",
    ],
    reversed: [
      "Self-criticism or doubt keeps you from hearing the call, or from believing you deserve a fresh start.",
      "It may show as replaying old mistakes instead of learning from them and moving on.",
      "What would it mean to forgive yourself for who you had to be back then?",
      "Give yourself a clean slate, one that rests on what you have learned rather than on a perfect record.",
    ],
  },
  // 21 The World
  {
    name: "The World",
    upright: [
      "A cycle reaches completion, and you can feel the wholeness of having come all the way through.",
      "It shows up as a finished project, a journey completed, or a sense of belonging in your own life.",
      "What have you achieved that deserves to be celebrated before you rush on to the next thing?",
      "Take time to honour the ending, and let it become the ground for whatever begins next.",
    ],
    reversed: [
      "Something is nearly complete, but a last step is missing or you keep postponing the finish.",
      "It may also show as reaching for closure through shortcuts, skipping the reflection that makes an ending whole.",
      "What loose end, once tied, would let you finally feel free of this chapter?",
      "Finish what matters, release what doesn't, and celebrate how far you have already come.",
    ],
  },
];
