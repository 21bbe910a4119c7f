/** SPEC section 9: ten quotes on the processing screen, one every 3 seconds. */
export const quoteIntervalMs = 3000;
export const dotsIntervalMs = 500;

export const quotes = [
  { text: "We suffer more often in imagination than in reality.", author: "Seneca" },
  { text: "The man who moves a mountain begins by carrying away small stones.", author: "Confucius" },
  { text: "Discipline is choosing between what you want now and what you want most.", author: "Abraham Lincoln" },
  {
    text: "You have power over your mind — not outside events. Realize this, and you will find strength.",
    author: "Marcus Aurelius",
  },
  { text: "It is not that we have a short time to live, but that we waste a lot of it.", author: "Seneca" },
  { text: "Do what you can, with what you have, where you are.", author: "Theodore Roosevelt" },
  { text: "The best time to plant a tree was 20 years ago. The second best time is now.", author: "Proverb" },
  { text: "Well done is better than well said.", author: "Benjamin Franklin" },
  { text: "He who has a why to live can bear almost any how.", author: "Friedrich Nietzsche" },
  { text: "First say to yourself what you would be; and then do what you have to do.", author: "Epictetus" },
] as const;
