import type { CardText } from "./types.ts";

export const swordsPentacles: readonly CardText[] = [
  // 50 Ace of Swords
  {
    name: "Ace of Swords",
    upright: [
      "A clear thought cuts through the fog, and for a moment you see the situation exactly as it is.",
      "It may arrive as a sudden insight in the shower, a sentence you finally find, or a decision that clicks.",
      "What would you say right now if you trusted your own clarity completely?",
      "Use this sharpness to name the truth kindly, not to win the argument.",
    ],
    reversed: [
      "The insight is close, but it is tangled in doubt, noise and other people's opinions.",
      "You might reread the same message ten times, or argue in your head with someone who isn't there.",
      "Which thought keeps circling because you have not yet allowed yourself to say it out loud?",
      "Before cutting anything, let the dust settle, because a blade swung in confusion wounds the wrong thing.",
    ],
  },
  // 51 Two of Swords
  {
    name: "Two of Swords",
    upright: [
      "You are holding two options at arm's length, keeping the peace by not choosing yet.",
      "It can look like a calm face over a tense inner debate, or a conversation you keep postponing.",
      "What are you protecting yourself from by closing your eyes to one side of this?",
      "A pause is wise, but set yourself a gentle deadline so the stalemate doesn't become your home.",
    ],
    reversed: [
      "The balance you were keeping starts to wobble, and the hidden tension comes to the surface.",
      "Information you avoided arrives anyway, or the standoff starts costing you sleep and patience.",
      "If you lowered your guard just a little, what feeling would you notice first?",
      "Let the choice be imperfect, since a decision made with open eyes is kinder than endless hovering.",
    ],
  },
  // 52 Three of Swords
  {
    name: "Three of Swords",
    upright: [
      "Something said or discovered has hurt you, and the pain deserves to be acknowledged rather than tidied away.",
      "It might be a disappointment in a friendship, a harsh word, or an old grief that resurfaces without warning.",
      "Where in you does this sorrow live, and what does it need from you today?",
      "Write it down, cry if you need to, and let honesty be the first step toward mending.",
    ],
    reversed: [
      "The ache is softening, though part of you may still keep pressing on the bruise.",
      "You catch yourself replaying the painful scene, or insisting you're fine while avoiding certain songs and places.",
      "What would it mean to forgive yourself for still feeling this?",
      "Healing is not forgetting, so let the wound close at its own pace without forcing cheerfulness.",
    ],
  },
  // 53 Four of Swords
  {
    name: "Four of Swords",
    upright: [
      "This is a time to rest the mind, step back from the struggle and let quiet do its work.",
      "Perhaps it is a slow morning, an evening without screens, or simply sitting still before you answer anything.",
      "When did you last let yourself recover without feeling you had to earn it?",
      "Stillness is not laziness but the way you gather strength for what comes next.",
    ],
    reversed: [
      "Rest is needed but resisted, or it has stretched into a stagnant withdrawal from life.",
      "You may be too restless to settle, or hiding under the covers long after you feel ready to get up.",
      "Is your retreat restoring you, or has it quietly become a way to avoid something?",
      "Return gradually, because one small task, one message or one walk outside is enough to begin.",
    ],
  },
  // 54 Five of Swords
  {
    name: "Five of Swords",
    upright: [
      "A conflict has ended with a winner, but the victory tastes hollow and leaves people scattered.",
      "It shows in a quarrel where you proved your point and lost some warmth, or watched someone else do so.",
      "Is being right here worth more to you than the relationship itself?",
      "Consider walking away from fights that cost more than they give, and mend what you still can.",
    ],
    reversed: [
      "The dust of an old conflict still lingers, and there is a chance to make peace or quietly move on.",
      "You might feel lingering resentment, or notice that you keep rehearsing a comeback long after the argument.",
      "What would you need in order to let this grudge finally rest?",
      "An apology, given or accepted, can be small and still change the air between you.",
    ],
  },
  // 55 Six of Swords
  {
    name: "Six of Swords",
    upright: [
      "You are moving from troubled waters toward calmer ground, carrying your sorrows but leaving the storm behind.",
      "It can be a real journey, a new routine, or simply choosing to stop feeding an old worry.",
      "What are you ready to leave on the shore you are departing from?",
      "Transitions are quiet work, so be patient with yourself while the new shore is still far away.",
    ],
    reversed: [
      "The crossing feels stalled, or you keep turning the boat back toward what you meant to leave.",
      "Perhaps unfinished business pulls at you, or you have packed more old baggage than the journey can hold.",
      "What keeps you anchored to the place you said you were leaving?",
      "You don't have to finish the journey today, just avoid rowing backwards out of habit.",
    ],
  },
  // 56 Seven of Swords
  {
    name: "Seven of Swords",
    upright: [
      "Strategy, discretion and a touch of cunning are in play, for better or for worse.",
      "You may be working around a rule, keeping a plan to yourself, or sensing that someone isn't telling everything.",
      "Are you being clever here, or are you avoiding an honest conversation?",
      "Choose tactics you would be comfortable explaining later to someone you respect.",
    ],
    reversed: [
      "Secrets grow heavy, and the urge to come clean or to stop deceiving yourself grows stronger.",
      "A small lie you told yourself starts to unravel, and a hidden plan proves harder to carry than expected.",
      "What would change if you simply said what you really intend?",
      "Let openness be a relief rather than a punishment, because honesty travels lighter.",
    ],
  },
  // 57 Eight of Swords
  {
    name: "Eight of Swords",
    upright: [
      "You feel trapped, yet the bindings are looser than they seem and partly woven from your own thoughts.",
      'It sounds like "I can\'t" repeated so often that you stop checking whether it is still true.',
      "Which of these walls is real, and which is a story you have been telling yourself?",
      "Take one small step in any direction, because movement itself begins to loosen the knots.",
    ],
    reversed: [
      "The blindfold is slipping, and you begin to see options you had overlooked.",
      "A conversation, a list on paper or a friend's question suddenly shows you a way out.",
      "What first step toward freedom can you take while the clarity is still fresh?",
      "Take care not to rebuild the same cage out of habit once you have walked out of it.",
    ],
  },
  // 58 Nine of Swords
  {
    name: "Nine of Swords",
    upright: [
      "Worry has taken over the night hours, and the mind magnifies fears far beyond their true size.",
      "You might lie awake replaying mistakes or imagining the worst about tomorrow's conversation.",
      "If a dear friend shared these thoughts with you, what would you tell them?",
      "Move the fears from your head onto paper, where they often look smaller than they felt at three in the morning.",
    ],
    reversed: [
      "The anxiety is starting to lift, or it has turned so far inward that you hide it from everyone.",
      "Some mornings feel lighter, while on others you smile in public and carry the dread in silence.",
      "Who could you let in on what has been keeping you awake?",
      "Share the weight with someone you trust, because fears shrink when they are spoken aloud.",
    ],
  },
  // 59 Ten of Swords
  {
    name: "Ten of Swords",
    upright: [
      "Something has come to a painful, definite end, and there is no point pretending it hasn't.",
      "It may be a plan that collapsed, a relationship that ran its course, or simply exhaustion after a long struggle.",
      "Now that the worst has happened, what is quietly beginning in its place?",
      "Let yourself lie low for a while, since dawn follows even the darkest night but cannot be rushed.",
    ],
    reversed: [
      "You are slowly getting up after a hard fall, though part of you may resist letting the old story end.",
      "Perhaps you keep reopening the same wound, or you notice the first signs of energy returning.",
      "What would help you believe that the worst is genuinely behind you?",
      "Avoid dramatising the defeat, because recovery begins with small, ordinary acts of care.",
    ],
  },
  // 60 Page of Swords
  {
    name: "Page of Swords",
    upright: [
      "A curious, alert mind is eager to learn, to question and to try out new ideas.",
      "You may find yourself reading late into the night, asking sharp questions, or noticing details others miss.",
      "What are you genuinely curious about right now, and how could you explore it?",
      "Stay inquisitive, but remember that words can sting more than you intend.",
    ],
    reversed: [
      "Curiosity turns scattered or prickly, and ideas come faster than the patience to follow them through.",
      "It shows as gossip, hasty replies, or five projects started on Monday and dropped by Friday.",
      "Are you seeking the truth here, or just trying to have the last word?",
      "Slow down, listen all the way to the end, and let your ideas mature before you share them.",
    ],
  },
  // 61 Knight of Swords
  {
    name: "Knight of Swords",
    upright: [
      "Driven and decisive, you charge toward a goal with clear thinking and very little hesitation.",
      "This might be the week you finally send the proposal, speak your mind, or tackle the hardest task first.",
      "Where would a bold, direct approach save you time and worry?",
      "Move quickly, but check that the people around you can keep up and feel heard.",
    ],
    reversed: [
      "The momentum turns reckless or stalls, and speed begins to outrun good judgement.",
      "You may interrupt, rush to conclusions, or feel frustrated that nothing moves as fast as you want.",
      "What would you notice if you paused for a single breath before acting?",
      "Direct your energy instead of scattering it, because a sharp sword needs a steady hand.",
    ],
  },
  // 62 Queen of Swords
  {
    name: "Queen of Swords",
    upright: [
      "Clear judgement and honest speech come together with understanding that was hard won.",
      "You set a boundary calmly, give feedback that is precise but fair, or see straight through a polite excuse.",
      "What truth do you already know that you could express with both clarity and care?",
      "Let experience sharpen you without hardening you, since directness works best alongside compassion.",
    ],
    reversed: [
      "Clarity turns cold, or old hurts make you sharper and more guarded than the moment requires.",
      "It can sound like sarcasm, harsh self-criticism, or shutting people out before they can disappoint you.",
      "Where has protecting yourself from pain started to keep out warmth as well?",
      "Soften your edge where it is safe to do so, because not everyone around you is an adversary.",
    ],
  },
  // 63 King of Swords
  {
    name: "King of Swords",
    upright: [
      "Intellectual authority, fairness and principled thinking are guiding your decisions now.",
      "You weigh the facts, explain your reasoning clearly, and make calls that others can trust.",
      "Which decision would benefit from your most impartial and well-reasoned self?",
      "Stay open to feelings as well as facts, because wisdom needs both to be complete.",
    ],
    reversed: [
      "Logic becomes rigid or is used to control, and fairness slips into cold detachment.",
      "You might win every argument at home and at work and still feel distant from everyone.",
      "Are you using reason to understand, or to make sure nobody dares to question you?",
      "A strong mind is a responsibility, so use it to clarify rather than to intimidate.",
    ],
  },
  // 64 Ace of Pentacles
  {
    name: "Ace of Pentacles",
    upright: [
      "A tangible new beginning appears, the seed of something practical that can grow with care.",
      "It could be a new skill, a home project, a steadier routine, or an opportunity you can actually hold.",
      "What concrete first step would plant this seed in real soil?",
      "Start small and tend it daily, because lasting things are built from ordinary, repeated care.",
    ],
    reversed: [
      "An opportunity feels delayed, or you hesitate to commit your time and energy to it.",
      "Plans stay on paper, the notebook stays empty, or you doubt that the ground is ready.",
      "What would help you feel secure enough to begin?",
      "Check your foundations first and then plant, remembering that waiting forever is also a choice.",
    ],
  },
  // 65 Two of Pentacles
  {
    name: "Two of Pentacles",
    upright: [
      "You are juggling several demands and finding a flexible rhythm that keeps them all in motion.",
      "Work, home, friends and your own needs all call at once, and you adapt hour by hour.",
      "Which of your commitments most needs your attention today, and which one can wait?",
      "Enjoy the dance of balancing, but notice when you are about to drop something important.",
    ],
    reversed: [
      "The juggling has become too much, and priorities blur as you try to keep everything in the air.",
      "You might overcommit, forget appointments, or say yes out of habit when you meant no.",
      "What could you set down, at least for now, to get your balance back?",
      "Simplify where you can, since fewer balls in the air leave more care for each one.",
    ],
  },
  // 66 Three of Pentacles
  {
    name: "Three of Pentacles",
    upright: [
      "Collaboration and skill come together, and good work grows from respecting each person's craft.",
      "It may be a shared project, a mentor's feedback, or a team where everyone's contribution counts.",
      "Whose experience could strengthen what you are building?",
      "Ask for input early and value the details, because quality is a shared achievement.",
    ],
    reversed: [
      "Teamwork falters as people talk past each other, goals drift apart and contributions go unnoticed.",
      "You may feel that nobody sees your part in a group effort, or stubbornly insist on doing everything alone.",
      "What would help everyone involved feel heard and useful?",
      "Clarify roles and expectations, and be willing to learn as well as to lead.",
    ],
  },
  // 67 Four of Pentacles
  {
    name: "Four of Pentacles",
    upright: [
      "You hold tightly to what you have, seeking security and control in an uncertain world.",
      "It shows in how carefully you ration your time, energy or feelings, and how you guard your space from intrusion.",
      "Is this holding on keeping you safe, or keeping you stuck?",
      "Stability is valuable, but leave some room for generosity and change to enter.",
    ],
    reversed: [
      "The grip loosens, either wisely as you learn to let go or anxiously out of fear of loss.",
      "You might clear out clutter, share what you had been hoarding, or swing between clinging and giving everything away.",
      "What would you truly lose if you loosened your hold a little?",
      "Find the middle path between guarding everything and keeping nothing for yourself.",
    ],
  },
  // 68 Five of Pentacles
  {
    name: "Five of Pentacles",
    upright: [
      "You may be going through a hard season, feeling left out in the cold while support seems out of reach.",
      "It might be loneliness in a crowd, a setback that shakes your footing, or pride that stops you asking for help.",
      "Where is there a lit window nearby that you have not yet knocked on?",
      "Let others in, because accepting help is a strength and not a failure.",
    ],
    reversed: [
      "The hard season begins to ease, or the sense of lack has become a habit of the mind.",
      "You may start to notice kindness around you again, or keep expecting scarcity even as things improve.",
      "What small sign of things getting better could you let yourself believe in today?",
      "Open up to support gradually, and remember that your worth was never measured by what you lacked.",
    ],
  },
  // 69 Six of Pentacles
  {
    name: "Six of Pentacles",
    upright: [
      "Giving and receiving flow in a healthy balance, and generosity strengthens the bonds between people.",
      "You may share time, knowledge or a helping hand, or gratefully accept what someone offers you.",
      "Where could a small act of generosity make a real difference this week?",
      "Give freely, but make sure the exchange leaves everyone's dignity intact.",
    ],
    reversed: [
      "The balance tips, and generosity becomes control, obligation or a debt that weighs on someone.",
      "Help may come with strings attached, or you may give so much that nothing is left for yourself.",
      "Is there an exchange in your life that feels unequal, and what would make it fair?",
      "Be clear about what you are willing to give, and accept help without feeling you now owe your whole self.",
    ],
  },
  // 70 Seven of Pentacles
  {
    name: "Seven of Pentacles",
    upright: [
      "You pause to look at what you have grown so far and ask whether it is worth the continued effort.",
      "A long project, a relationship or a new habit may have reached a point where results are slow but visible.",
      "What does this harvest tell you about where to put your energy next?",
      "Patience matters here, because some things simply need more seasons before they ripen.",
    ],
    reversed: [
      "Impatience or doubt creeps in, and the effort begins to feel wasted.",
      "You might keep digging up the seeds to check on them, or abandon a plan just before it bears fruit.",
      "Are you measuring progress fairly, or expecting overnight results from slow work?",
      "Adjust your approach if you need to, but don't uproot everything in a moment of frustration.",
    ],
  },
  // 71 Eight of Pentacles
  {
    name: "Eight of Pentacles",
    upright: [
      "Steady, dedicated practice turns effort into mastery, one careful piece at a time.",
      "It shows in running through scales, refining a draft, or learning a craft through patient repetition.",
      "What skill would you like to deepen, and what could you practise today?",
      "Take pride in the details, because quiet diligence builds a confidence that lasts.",
    ],
    reversed: [
      "Work becomes mechanical or perfectionist, and the joy of learning fades into routine.",
      "You may polish one small detail endlessly, or rush through tasks without really caring about them.",
      "Has your practice lost its meaning, or do you simply need a short break?",
      "Reconnect with why you started, and sometimes allow good enough to be good enough.",
    ],
  },
  // 72 Nine of Pentacles
  {
    name: "Nine of Pentacles",
    upright: [
      "You enjoy the fruits of your own effort with grace, independence and self-respect.",
      "It might be a quiet evening in a space you made beautiful, or pride in a skill you worked hard to earn.",
      "What have you built for yourself that deserves to be savoured slowly?",
      "Enjoy your self-reliance while staying open to sharing your good fortune with others.",
    ],
    reversed: [
      "Self-sufficiency may start to feel lonely, or your sense of worth leans too heavily on appearances.",
      "You could be overworking to keep up an image, or doubting that you deserve the comfort you already have.",
      "Whose approval are you still trying to earn?",
      "Value inner security over outer polish, and let people close enough to see who you really are.",
    ],
  },
  // 73 Ten of Pentacles
  {
    name: "Ten of Pentacles",
    upright: [
      "Lasting stability, family roots and the legacy of what has been built over generations come into focus.",
      "It might be a family gathering, old traditions, or the sense of belonging to something larger than yourself.",
      "What do you want to pass on to those who come after you?",
      "Honour your roots while building something that truly reflects your own values.",
    ],
    reversed: [
      "Family expectations or inherited patterns feel heavy, and stability may seem fragile.",
      "You might clash with relatives over values, or feel that tradition leaves no room for who you are.",
      "Which inherited beliefs still serve you, and which are you ready to set aside?",
      "Build security on your own terms, with respect for the past but no obligation to repeat it.",
    ],
  },
  // 74 Page of Pentacles
  {
    name: "Page of Pentacles",
    upright: [
      "A diligent learner sets out to turn a promising idea into something real and useful.",
      "You might sign up for a course, start a vegetable patch, or read everything you can find about a new interest.",
      "What practical goal would make this curiosity worth pursuing?",
      "Make a plan, follow it step by step, and let small wins keep you motivated.",
    ],
    reversed: [
      "Good intentions stall for lack of focus, or learning stays theoretical instead of becoming practice.",
      "Books pile up unread, plans stay in the notebook, or interest fades as soon as the work gets dull.",
      "What is one small action that would turn this idea into reality?",
      "Set realistic goals and be patient with the slow beginnings of any new skill.",
    ],
  },
  // 75 Knight of Pentacles
  {
    name: "Knight of Pentacles",
    upright: [
      "Reliable, methodical progress carries you forward, one steady and dependable step at a time.",
      "You keep promises, stick to routines, and finish what you start even when it isn't exciting.",
      "Where would consistency serve you better than speed?",
      "Trust the slow path, but leave a little room for spontaneity and rest.",
    ],
    reversed: [
      "Steadiness hardens into stubbornness or boredom, and progress grinds to a halt.",
      "You may feel stuck in a dull routine, or cling to one way of doing things long after it stopped working.",
      "What small change could bring fresh energy back to your daily work?",
      "Shake up your routine just enough to remember why the goal mattered to you.",
    ],
  },
  // 76 Queen of Pentacles
  {
    name: "Queen of Pentacles",
    upright: [
      "Nurturing, practical care creates a home and a life where people feel safe and welcome.",
      "It shows in a warm supper, a tidy room, or quietly making sure everyone has what they need.",
      "How are you caring for your own body and surroundings, and not only for others?",
      "Be generous with your warmth, and remember to receive the same care you give.",
    ],
    reversed: [
      "Caring for others crowds out caring for yourself, or worry about everyday matters takes over.",
      "You may feel drained by endless chores, or try to control every detail of home life.",
      "What would it look like to let someone else look after you for a change?",
      "Restore your own balance first, because a caregiver who is cared for has more to give.",
    ],
  },
  // 77 King of Pentacles
  {
    name: "King of Pentacles",
    upright: [
      "Steady leadership, plenty and groundedness grow from years of patient, responsible effort.",
      "You make sound decisions, support others generously, and enjoy the stability you have built.",
      "How can you use what you have to create a secure base for yourself and those you love?",
      "Lead with both practicality and kindness, and let your success serve more than yourself.",
    ],
    reversed: [
      "Ambition turns into rigidity, or the focus on security crowds out everything else.",
      "You might measure everything in results and possessions, or feel that you can never allow yourself to relax.",
      "What would feel like enough, if you stopped moving the finish line?",
      "Remember that true stability includes time, relationships and rest, not only achievements.",
    ],
  },
];
