// Quotes about learning for the dashboard's quote panel; one per day, the same for everyone that day. Each is a pair
// of message keys (the quotes in Indonesian or Javanese stay as they are in both languages).
export interface Quote {
  text: string;
  author: string;
}

export const QUOTES: Quote[] = [
  { text: 'dashboard.quotes.dewantara.text', author: 'dashboard.quotes.dewantara.author' },
  { text: 'dashboard.quotes.mandela.text', author: 'dashboard.quotes.mandela.author' },
  { text: 'dashboard.quotes.king.text', author: 'dashboard.quotes.king.author' },
  { text: 'dashboard.quotes.franklin.text', author: 'dashboard.quotes.franklin.author' },
  { text: 'dashboard.quotes.kartini.text', author: 'dashboard.quotes.kartini.author' },
  { text: 'dashboard.quotes.gandhi.text', author: 'dashboard.quotes.gandhi.author' },
  { text: 'dashboard.quotes.impossible.text', author: 'dashboard.quotes.impossible.author' },
];

/** The quote of the given day (days counted in UTC so it changes once a day). */
export function quoteOfTheDay(now: Date = new Date()): Quote {
  const day = Math.floor(now.getTime() / 86_400_000);
  return QUOTES[day % QUOTES.length];
}
