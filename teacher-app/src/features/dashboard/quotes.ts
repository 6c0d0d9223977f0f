// Quotes about learning for the dashboard's quote panel; one per day, the same for everyone that day.
export interface Quote {
  text: string;
  author: string;
}

export const QUOTES: Quote[] = [
  { text: 'Ing ngarsa sung tuladha, ing madya mangun karsa, tut wuri handayani.', author: 'Ki Hajar Dewantara' },
  { text: 'Education is the most powerful weapon which you can use to change the world.', author: 'Nelson Mandela' },
  { text: 'The beautiful thing about learning is that no one can take it away from you.', author: 'B.B. King' },
  { text: 'Tell me and I forget. Teach me and I remember. Involve me and I learn.', author: 'Attributed to Benjamin Franklin' },
  { text: 'Habis gelap terbitlah terang.', author: 'R.A. Kartini' },
  { text: 'Live as if you were to die tomorrow. Learn as if you were to live forever.', author: 'Attributed to Mahatma Gandhi' },
  { text: 'It always seems impossible until it is done.', author: 'Attributed to Nelson Mandela' },
];

/** The quote of the given day (days counted in UTC so it changes once a day). */
export function quoteOfTheDay(now: Date = new Date()): Quote {
  const day = Math.floor(now.getTime() / 86_400_000);
  return QUOTES[day % QUOTES.length];
}
