import type { LanguageWords } from "./types.ts";

/** English: 26 letters. */
export const en: LanguageWords = {
  lang: "en",
  letters: [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"],
  // Hardly any word a small child knows begins with X, and none has a picture but the x-ray.
  inside: ["X"],
  // Q: a queen and a question mark are the only Q words with a true picture (no quail, no quilt).
  // Z: a zebra and zero (a zoo, a zip or a zucchini have no picture that shows just them).
  few: ["Q", "Z"],
  words: {
    A: [
      ["apple", "apple"],
      ["ant", "ant"],
      ["anchor", "anchor"],
      ["avocado", "avocado"],
      ["airplane", "airplane"],
    ],
    B: [
      ["bear", "bear"],
      ["banana", "banana"],
      ["bus", "bus"],
      ["butterfly", "butterfly"],
      ["balloon", "balloon"],
    ],
    C: [
      ["cat", "cat"],
      ["cow", "cow"],
      ["car", "car"],
      ["carrot", "carrot"],
      ["cake", "cake"],
    ],
    D: [
      ["dog", "dog"],
      ["duck", "duck"],
      ["dolphin", "dolphin"],
      ["drum", "drum"],
      ["door", "door"],
    ],
    E: [
      ["elephant", "elephant"],
      ["egg", "egg"],
      ["eagle", "eagle"],
      ["ear", "ear"],
      ["eye", "eye"],
    ],
    F: [
      ["fish", "fish"],
      ["frog", "frog"],
      ["fox", "fox"],
      ["flower", "flower"],
      ["fire", "fire"],
    ],
    G: [
      ["giraffe", "giraffe"],
      ["grapes", "grapes"],
      ["goat", "goat"],
      ["guitar", "guitar"],
      ["gift", "gift"],
    ],
    H: [
      ["horse", "horse"],
      ["house", "house"],
      ["hat", "hat"],
      ["hedgehog", "hedgehog"],
      ["heart", "heart"],
    ],
    I: [
      ["ice cream", "ice-cream"],
      ["ice", "ice"],
      ["island", "island"],
    ],
    J: [
      ["juice", "juice"],
      ["jeans", "jeans"],
      ["jacket", "jacket"],
    ],
    K: [
      ["kangaroo", "kangaroo"],
      ["key", "key"],
      ["kite", "kite"],
      ["koala", "koala"],
      ["kiwi", "kiwi"],
    ],
    L: [
      ["lion", "lion"],
      ["lemon", "lemon"],
      ["leaf", "leaf"],
      ["ladybug", "ladybug"],
      ["lollipop", "lollipop"],
    ],
    M: [
      ["monkey", "monkey"],
      ["moon", "moon"],
      ["mouse", "mouse"],
      ["mushroom", "mushroom"],
      ["milk", "milk"],
    ],
    N: [
      ["nose", "nose"],
      ["nut", "nut"],
      ["notebook", "notebook"],
      ["night", "night"],
    ],
    O: [
      ["owl", "owl"],
      ["octopus", "octopus"],
      ["orange", "orange"],
      ["onion", "onion"],
      ["ox", "ox"],
    ],
    P: [
      ["pig", "pig"],
      ["penguin", "penguin"],
      ["pear", "pear"],
      ["pizza", "pizza"],
      ["panda", "panda"],
    ],
    Q: [
      ["queen", "queen"],
      ["question mark", "question-mark"],
    ],
    R: [
      ["rabbit", "rabbit"],
      ["rainbow", "rainbow"],
      ["rocket", "rocket"],
      ["robot", "robot"],
      ["rose", "rose"],
    ],
    S: [
      ["sun", "sun"],
      ["snake", "snake"],
      ["star", "star"],
      ["strawberry", "strawberry"],
      ["snail", "snail"],
    ],
    T: [
      ["tiger", "tiger"],
      ["tree", "tree"],
      ["tomato", "tomato"],
      ["turtle", "turtle"],
      ["train", "train"],
    ],
    U: [
      ["umbrella", "umbrella"],
      ["unicorn", "unicorn"],
      ["underpants", "underpants"],
    ],
    V: [
      ["violin", "violin"],
      ["volcano", "volcano"],
      ["van", "van"],
    ],
    W: [
      ["whale", "whale"],
      ["watermelon", "watermelon"],
      ["wolf", "wolf"],
      ["worm", "worm"],
      ["watch", "watch"],
    ],
    X: [
      ["x-ray", "x-ray"],
      ["box", "box"],
      ["taxi", "taxi"],
    ],
    Y: [
      ["yo-yo", "yo-yo"],
      ["yarn", "yarn"],
      ["yacht", "yacht"],
    ],
    Z: [
      ["zebra", "zebra"],
      ["zero", "zero"],
    ],
  },
  numbers: ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"],
};
