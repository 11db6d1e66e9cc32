import type { CardText } from "./types.ts";

export const wandsCups: readonly CardText[] = [
  // 22 Ace of Wands
  {
    name: "Ace of Wands",
    upright: [
      "A fresh spark of energy arrives, the kind that makes a new project feel possible right now.",
      "You may notice it as a sudden idea in the shower or an urge to start before you feel ready.",
      "What would you begin today if you trusted that first flicker of enthusiasm?",
      "Give the spark something to burn on: a first small step, taken while the feeling is still warm.",
    ],
    reversed: [
      "The spark is there but keeps sputtering, as if the fuel or the timing is not quite right.",
      "You might circle an idea for weeks, excited in your head yet unable to make the first move.",
      "Ask yourself whether fear of a messy start is quietly smothering something you care about.",
      "Sometimes the wiser move is to let an idea rest until it returns with more of its own heat.",
    ],
  },
  // 23 Two of Wands
  {
    name: "Two of Wands",
    upright: [
      "You stand between what you have already built and a wider world that is starting to call.",
      "It shows up as planning: studying maps, comparing options, sketching the next and bigger step.",
      "Where does your life feel comfortable but a little too small for who you are becoming?",
      "Make a plan bold enough to excite you and concrete enough to start on Monday.",
    ],
    reversed: [
      "The view from the window is tempting, yet you stay inside, unsure whether to leave what is safe.",
      "Plans may multiply on paper while nothing actually changes in your week.",
      "Is it the unknown you fear, or losing the version of you that stays at home?",
      "Choose one small experiment that tests the wider world without burning every bridge behind you.",
    ],
  },
  // 24 Three of Wands
  {
    name: "Three of Wands",
    upright: [
      "Your first efforts are already out in the world, and now you can watch for what comes back.",
      "You may feel a calm confidence, as if the ships you sent out are slowly heading home.",
      "What are you waiting for, and how could you already be preparing to welcome it?",
      "Keep looking ahead, but remember that patience is part of every long-distance plan.",
    ],
    reversed: [
      "Results come more slowly than you hoped, and the waiting starts to feel like a verdict on you.",
      "You might keep checking messages and progress, or abandon a plan just before it bears fruit.",
      "Are your expectations about timing truly your own, or borrowed from someone else's story?",
      "Revisit the plan honestly and adjust what needs adjusting without throwing away the whole voyage.",
    ],
  },
  // 25 Four of Wands
  {
    name: "Four of Wands",
    upright: [
      "This is a moment to celebrate something that has come together and a home base that feels solid.",
      "It can look like a gathering of friends, a finished room, or simply a week where things worked.",
      "Who would you like to thank, or share this good moment with?",
      "Let yourself mark the milestone instead of rushing straight on to the next task.",
    ],
    reversed: [
      "The celebration is there in theory, but you feel somehow outside it or unable to enjoy it.",
      "Perhaps a gathering feels strained, or home feels more like a waiting room than a refuge.",
      "What would help you feel truly welcome in your own life right now?",
      "Small private rituals of gratitude can bring back the warmth that a big event failed to give.",
    ],
  },
  // 26 Five of Wands
  {
    name: "Five of Wands",
    upright: [
      "Many energies clash at once in a lively scuffle of opinions, egos and competing ideas.",
      "You may see it in a heated meeting, a noisy group chat, or siblings squabbling over nothing much.",
      "Is this conflict helping everyone sharpen their ideas, or just wearing people down?",
      "Treat the friction as practice: say your piece clearly and let others swing their sticks too.",
    ],
    reversed: [
      "The conflict goes underground, or you avoid it so carefully that nothing real ever gets said.",
      "It might show as unspoken tension, polite smiles, and decisions made quietly behind the scenes.",
      "Which disagreement have you been avoiding that might actually clear the air if spoken?",
      "Or perhaps the scuffle is finally ending, so notice when it is safe to lay your stick down.",
    ],
  },
  // 27 Six of Wands
  {
    name: "Six of Wands",
    upright: [
      "Recognition arrives: your effort is seen, and for a moment you get to ride through town in triumph.",
      "It can be public praise, a kind word from a mentor, or simply pride in work well done.",
      "Can you accept appreciation without shrinking it or rushing to wave it away?",
      "Enjoy the win, and remember the people who walked beside your horse along the way.",
    ],
    reversed: [
      "The applause you expected does not come, or it comes and somehow feels hollow.",
      "You might measure yourself against other people's visible successes and discount your own quiet progress.",
      "Whose approval are you really chasing, and would it satisfy you if you got it?",
      "Watch for pride that needs constant feeding, because self-respect is steadier than applause.",
    ],
  },
  // 28 Seven of Wands
  {
    name: "Seven of Wands",
    upright: [
      "You hold your ground on the high ground, defending something you believe in despite the pressure.",
      "It might mean saying no again and again, standing by a decision, or protecting your time.",
      "Which of your positions are truly worth defending, and which are held only out of habit?",
      "Stay steady and clear, but do not mistake every question for an attack.",
    ],
    reversed: [
      "Constant defending has worn you out, and you feel tempted to give up or give in.",
      "You may feel swamped by demands, or notice that you have grown prickly with everyone around you.",
      "Are you fighting a real threat, or an old fear that no longer fits the situation?",
      "Choose your battles, since stepping down from a hill that no longer matters is no defeat.",
    ],
  },
  // 29 Eight of Wands
  {
    name: "Eight of Wands",
    upright: [
      "Things move quickly now, with messages, news and momentum all flying toward their target.",
      "Your inbox may be busy, plans may fall into place, or a trip may suddenly come together.",
      "How can you ride this speed without losing sight of what matters most?",
      "Act while the current is strong, and keep your aim simple so the arrows land true.",
    ],
    reversed: [
      "Momentum stalls or scatters, leaving delays, crossed wires and threads dropped halfway.",
      "It may look like unanswered emails, postponed plans, or a rush that only creates more mess.",
      "Is the delay outside you, or are you putting off a step you already know you need to take?",
      "Slow down enough to untangle the lines before you launch anything new.",
    ],
  },
  // 30 Nine of Wands
  {
    name: "Nine of Wands",
    upright: [
      "You are tired but still standing, guarding what you have built after a long stretch of effort.",
      "It shows as resilience, a battered but determined spirit that refuses to quit so close to the end.",
      "What has this long effort taught you about your own strength?",
      "Keep going if it still matters, and let yourself rest the moment you safely can.",
    ],
    reversed: [
      "Vigilance has turned into exhaustion or suspicion, and your guard never seems to come down.",
      "You may brace for the next blow when nothing is coming, or snap at the people trying to help.",
      "Who could you let in to share the watch with you for a while?",
      "Defensiveness can protect you, but it can also keep out the very support you need.",
    ],
  },
  // 31 Ten of Wands
  {
    name: "Ten of Wands",
    upright: [
      "You are carrying a lot, perhaps more than your share, and the load is starting to bend you.",
      "It looks like a packed calendar, a habit of saying yes to everything, and no view beyond the next task.",
      "Which of these burdens are truly yours, and which did you pick up out of habit?",
      "Finish what must be finished, then set down what you can, one stick at a time.",
    ],
    reversed: [
      "The weight has become too much, or you are finally beginning to let some of it go.",
      "You may feel resentful, drop things unexpectedly, or at last start handing tasks to others.",
      "What would change if you believed that asking for help is a strength and not a defeat?",
      "Putting a burden down is not giving up, because it makes room to carry what matters well.",
    ],
  },
  // 32 Page of Wands
  {
    name: "Page of Wands",
    upright: [
      "A curious, eager energy wants to explore, try things out and see what catches fire.",
      "It might be a new hobby, a course, a trip, or a message inviting you somewhere new.",
      "What are you curious about right now that you have not yet let yourself follow?",
      "Approach it as a beginner would: playful, open, and unembarrassed by not knowing yet.",
    ],
    reversed: [
      "Enthusiasm flares and fades quickly, leaving a trail of projects that never really began.",
      "You might feel restless, get bored easily, or hold back for fear of looking foolish.",
      "Has the idea itself lost its spark, or only your patience with the awkward beginner stage?",
      "Pick one small adventure and see it through to its first real result.",
    ],
  },
  // 33 Knight of Wands
  {
    name: "Knight of Wands",
    upright: [
      "Bold, passionate energy charges forward, hungry for action, adventure and a bit of risk.",
      "It shows as sudden decisions, a burst of confidence, or the urge to set off somewhere right now.",
      "Where in your life would a little more daring be exactly what is needed?",
      "Let the fire carry you, but keep one hand on the reins so you can still steer.",
    ],
    reversed: [
      "The charge turns reckless or scattered, full of heat but short on direction.",
      "You may start things on impulse, lose interest quickly, or leave frustration in your wake.",
      "Are you moving toward something, or mostly running away from stillness?",
      "Pause before the next leap and ask where, exactly, you want this energy to take you.",
    ],
  },
  // 34 Queen of Wands
  {
    name: "Queen of Wands",
    upright: [
      "Warm, confident and magnetic, this presence knows her own worth and lights up the room.",
      "It may appear as you taking the lead, hosting, creating, or encouraging others with ease.",
      "What would you do today if you fully trusted your own warmth and talent?",
      "Shine without apology, and let your confidence leave room for others to shine too.",
    ],
    reversed: [
      "The fire turns inward as self-doubt, or outward as jealousy and a need to control.",
      "You might feel drained by other people's needs, or dim yourself so as not to stand out.",
      "Where have you stopped taking up the space you actually deserve?",
      "Return to what genuinely delights you, because that is where your confidence will be rekindled.",
    ],
  },
  // 35 King of Wands
  {
    name: "King of Wands",
    upright: [
      "Here is a visionary leader who sees the big picture and inspires others to build it.",
      "It can mean stepping into a new role, setting a direction, or making a decision others will follow.",
      "What larger vision are you willing to take responsibility for?",
      "Lead by example, and keep your vision generous enough to include other people's ideas.",
    ],
    reversed: [
      "Leadership hardens into impatience, arrogance, or expectations that no one could possibly meet.",
      "You may push too hard, brush aside other people's input, or grow frustrated when plans slow down.",
      "Is your vision still serving people, or have people started serving your vision?",
      "Loosen your grip and listen, for a good leader's fire warms more than it burns.",
    ],
  },
  // 36 Ace of Cups
  {
    name: "Ace of Cups",
    upright: [
      "A new wave of feeling begins, with an open heart ready to give and receive love.",
      "It might be a new friendship, a tender moment, or tears that finally wash something clean.",
      "Where is your heart asking to be a little more open right now?",
      "Let yourself feel fully, and trust that the cup refills when you pour from it generously.",
    ],
    reversed: [
      "Feelings are blocked or spilling over, as if the heart's cup were either sealed or overflowing.",
      "You may feel numb, hold back affection, or pour yourself out until little is left.",
      "What emotion have you been keeping at a distance, and what is it trying to tell you?",
      "Tend your own cup first, since kindness to yourself is the spring other love flows from.",
    ],
  },
  // 37 Two of Cups
  {
    name: "Two of Cups",
    upright: [
      "Two people meet in mutual respect and affection, and their bond rests on equal exchange.",
      "It can be a new romance, a deepening friendship, a reconciliation, or a good partnership.",
      "In which relationship do you feel truly seen, and how can you cherish that?",
      "Offer your attention freely and notice the warmth that comes back to you.",
    ],
    reversed: [
      "A connection falls out of balance, with one person giving more or listening less.",
      "You may feel misunderstood, drift apart quietly, or argue about small things that hide bigger ones.",
      "What would need to be said for this relationship to feel even again?",
      "Remember that the partnership most in need of mending may be the one with yourself.",
    ],
  },
  // 38 Three of Cups
  {
    name: "Three of Cups",
    upright: [
      "Friendship and shared joy take centre stage in a celebration of people who lift each other up.",
      "It might be dinner with friends, a birthday, a reunion, or laughter spilling out of a kitchen.",
      "Who are the people with whom you feel most like yourself?",
      "Make time for your circle, because joy grows when it is shared out loud.",
    ],
    reversed: [
      "The shared cup tips over into too much partying or too little real connection.",
      "You may feel left out, get caught up in gossip, or tire of gatherings that feel shallow.",
      "Are your friendships nourishing you, or are you mostly keeping up appearances?",
      "A smaller circle or a quiet evening on your own might be exactly what restores you.",
    ],
  },
  // 39 Four of Cups
  {
    name: "Four of Cups",
    upright: [
      "You sit with folded arms, unmoved by what is offered, turned inward and a little bored.",
      "It can feel like apathy, scrolling without pleasure, or ignoring an invitation you might enjoy.",
      "What might you be overlooking because you are so focused on what is missing?",
      "Give yourself time to reflect, but glance up now and then at the cup being held out to you.",
    ],
    reversed: [
      "The sulk is lifting, and you start noticing chances that were there all along.",
      "You may suddenly say yes to something, or feel ready to leave a stale routine behind.",
      "What woke you up, and how can you keep that sense of interest alive?",
      "Or the withdrawal may be deepening, so notice whether you are cutting yourself off too far.",
    ],
  },
  // 40 Five of Cups
  {
    name: "Five of Cups",
    upright: [
      "Loss and disappointment fill your view, and it is hard to see what still remains.",
      "You may replay a mistake, mourn a plan that fell through, or feel stuck in regret.",
      "What is still standing behind you that you have not yet turned around to see?",
      "Grieve honestly, and when you are ready, let your gaze widen a little.",
    ],
    reversed: [
      "You are beginning to move through the grief, slowly turning toward what can still be saved.",
      "It might show as forgiving yourself, calling an old friend, or laughing for the first time in a while.",
      "What would it mean to carry the lesson forward without carrying all the pain?",
      "Or notice whether you are refusing to grieve at all, because buried sorrow tends to resurface.",
    ],
  },
  // 41 Six of Cups
  {
    name: "Six of Cups",
    upright: [
      "Memories, childhood and simple kindness rise to the surface with a gentle sweetness.",
      "It can be an old photo, a message from someone in your past, or a small gift freely given.",
      "What did you love as a child that could bring some lightness to your life now?",
      "Enjoy the warmth of the past, and let it nourish your present rather than replace it.",
    ],
    reversed: [
      "Nostalgia becomes a place to hide, and the past starts to feel safer than the present.",
      "You may idealise old times, cling to relationships you have outgrown, or resist any change at home.",
      "Is there a memory you keep returning to that is ready to be released?",
      "Honour where you came from, then turn your attention to what you are building now.",
    ],
  },
  // 42 Seven of Cups
  {
    name: "Seven of Cups",
    upright: [
      "Many dreams and options shimmer before you, some of them real and some only beautiful illusions.",
      "It can show as daydreaming, too many open tabs, or a list of possible futures you cannot choose between.",
      "Which of these options would still appeal to you if it required real work?",
      "Enjoy imagining, then pick one dream and test it in ordinary daylight.",
    ],
    reversed: [
      "The fog begins to clear, and you see more plainly which choices are worth pursuing.",
      "You may feel relief at letting fantasies go, or sudden clarity about what you really want.",
      "What have you stopped pretending about, and how does that honesty feel?",
      "If the choices still overwhelm you, narrow them down until one feels solid enough to try.",
    ],
  },
  // 43 Eight of Cups
  {
    name: "Eight of Cups",
    upright: [
      "You walk away from something that no longer fulfils you, even though it once mattered deeply.",
      "You might leave behind a role, a habit, a place or a friendship that has quietly run its course.",
      "What are you still holding onto only because you have invested so much in it?",
      "Leave with gratitude, and trust that the road ahead leads toward deeper meaning.",
    ],
    reversed: [
      "You sense it is time to go but cannot quite leave, or you keep leaving and coming back.",
      "You might stay in a situation out of fear, or run from things before giving them a fair chance.",
      "Are you walking toward something, or simply away from discomfort?",
      "Be honest about whether this chapter is truly over before you pack your bags.",
    ],
  },
  // 44 Nine of Cups
  {
    name: "Nine of Cups",
    upright: [
      "Contentment settles in: a wish fulfilled, a comfortable moment, real pleasure in what you already have.",
      "It can look like a good meal, a cosy evening, or quiet pride in a life that feels full.",
      "What wish has already come true that you have not fully noticed yet?",
      "Savour the good things, and let gratitude deepen the pleasure instead of rushing past it.",
    ],
    reversed: [
      "Satisfaction stays just out of reach, or pleasure turns into excess that leaves you empty.",
      "You might indulge to fill a gap, or reach a goal and feel strangely flat afterwards.",
      "Is what you wish for what you truly want, or what you think you ought to want?",
      "Look for contentment in simpler, inner places rather than in the next thing you reach for.",
    ],
  },
  // 45 Ten of Cups
  {
    name: "Ten of Cups",
    upright: [
      "Emotional fulfilment and harmony with the people you love feel complete and bright.",
      "It may be a family gathering, a peaceful home, or a sense of belonging among the people you have chosen.",
      "What does a truly happy home look and feel like to you?",
      "Treasure these moments, and keep investing care in the relationships that make them possible.",
    ],
    reversed: [
      "The picture of harmony cracks, and tension shows beneath a happy-looking surface.",
      "You might feel disconnected at family occasions, or weighed down by expectations of a perfect life.",
      "Whose idea of happiness are you trying so hard to live up to?",
      "Let go of the perfect picture so that a real, imperfect closeness has room to grow.",
    ],
  },
  // 46 Page of Cups
  {
    name: "Page of Cups",
    upright: [
      "A gentle, imaginative energy brings creative ideas, intuitive nudges and tender surprises.",
      "It could be an unexpected note of affection, a strange dream, or a playful creative impulse.",
      "What small, whimsical idea has been swimming around in your mind lately?",
      "Stay open to the unusual, and give your softer feelings a safe place to be expressed.",
    ],
    reversed: [
      "Feelings turn moody or immature, or creative ideas stay locked away in daydreams.",
      "You may be oversensitive, sulk when ignored, or hide your creative work out of shyness.",
      "What feeling are you not ready to share yet, and who might receive it kindly?",
      "Treat your inner child gently, but do not let it make every decision for you.",
    ],
  },
  // 47 Knight of Cups
  {
    name: "Knight of Cups",
    upright: [
      "A romantic, idealistic spirit follows the heart, bringing invitations, charm and beauty.",
      "It can show up as a heartfelt offer, an artistic project, or acting on a tender feeling.",
      "What would you pursue if your heart, not your fear, set the direction?",
      "Follow your ideals, and let them meet real life so they can become more than a mood.",
    ],
    reversed: [
      "Romance tips into moodiness, unrealistic expectations, or promises that are never kept.",
      "You might fall for an idea of someone, sulk when reality differs, or drift along in fantasy.",
      "Are you in love with a person or a project, or with the feeling of being in love?",
      "Ground your dreams in honest conversation before riding off toward the next one.",
    ],
  },
  // 48 Queen of Cups
  {
    name: "Queen of Cups",
    upright: [
      "Compassionate and intuitive, this presence holds feelings with calm and deep understanding.",
      "It may show as listening well, sensing what someone needs, or caring for your own inner life.",
      "How can you offer yourself the same tenderness you so easily give to others?",
      "Trust your intuition, and let your empathy be a gift rather than a burden.",
    ],
    reversed: [
      "Empathy overflows until you lose yourself in other people's moods or drown in your own.",
      "You might soak up everyone's stress, struggle to keep boundaries, or feel emotionally drained.",
      "Where do your feelings end and someone else's begin?",
      "Caring for yourself first is not selfish, because it keeps the well of compassion clear.",
    ],
  },
  // 49 King of Cups
  {
    name: "King of Cups",
    upright: [
      "This is emotional maturity in person, a steady heart that feels deeply without being swept away.",
      "It can look like staying kind in a tense moment, or offering a friend wise and patient counsel.",
      "What would help you stay balanced when emotions run high around you?",
      "Lead with both heart and head, and let your calm give others room to breathe.",
    ],
    reversed: [
      "Feelings are held down too tightly, or they leak out as moodiness and manipulation.",
      "You may look calm on the outside while churning inside, or use charm to sidestep honesty.",
      "What emotion are you controlling so tightly that it might be controlling you?",
      "Let someone you trust see what lies beneath the calm surface of the water.",
    ],
  },
];
