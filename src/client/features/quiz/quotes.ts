/**
 * SPEC section 9: ten quotes on the processing screen, one every 3 seconds. Each is credited to whoever said or wrote
 * it, in a published wording (decision 0124): a man asked to be honest about his run is not handed made-up quotes.
 */
export const quoteIntervalMs = 3000;
export const dotsIntervalMs = 500;

export const quotes = [
  { text: "We suffer more often in imagination than in reality.", author: "Seneca" },
  { text: "A journey of a thousand miles begins with a single step.", author: "Laozi, Tao Te Ching" },
  {
    text: "Always bear in mind that your own resolution to succeed is more important than any other one thing.",
    author: "Abraham Lincoln",
  },
  {
    text: "No longer talk at all about the kind of man that a good man ought to be, but be such.",
    author: "Marcus Aurelius",
  },
  { text: "It is not that we have a short time to live, but that we waste a lot of it.", author: "Seneca" },
  {
    text: "Do what you can, with what you have, where you are.",
    author: "Squire Bill Widener, quoted by Theodore Roosevelt",
  },
  { text: "The best time to plant a tree was 20 years ago. The second best time is now.", author: "Proverb" },
  { text: "Well done is better than well said.", author: "Benjamin Franklin" },
  { text: "He who has a why to live can bear almost any how.", author: "Friedrich Nietzsche" },
  { text: "First say to yourself what you would be; and then do what you have to do.", author: "Epictetus" },
] as const;
