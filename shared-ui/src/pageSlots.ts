/** One slot of the page list: a page number or an ellipsis. */
export type PageSlot = number | 'ellipsis-start' | 'ellipsis-end';

const WINDOW = 5;

/**
 * Pages to show: every page when there are 5 or fewer; otherwise a window of 5 pages around the current one,
 * with the first and last page as shortcuts and an ellipsis where pages are skipped.
 */
export function pageSlots(currentPage: number, totalPages: number): PageSlot[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total <= WINDOW) return Array.from({ length: total }, (_, i) => i + 1);
  const current = Math.min(Math.max(1, currentPage), total);
  let start = Math.max(1, current - Math.floor(WINDOW / 2));
  const end = Math.min(total, start + WINDOW - 1);
  start = Math.max(1, end - WINDOW + 1);
  const slots: PageSlot[] = [];
  if (start > 1) {
    slots.push(1);
    if (start > 2) slots.push('ellipsis-start');
  }
  for (let page = start; page <= end; page += 1) slots.push(page);
  if (end < total) {
    if (end < total - 1) slots.push('ellipsis-end');
    slots.push(total);
  }
  return slots;
}
