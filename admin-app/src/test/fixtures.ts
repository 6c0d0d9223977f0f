/** The `meta` of a page of `totalPage` pages of 15 rows, as the list endpoints answer it. */
export function meta(totalPage: number, page = 1) {
  return { page, pageSize: 15, total: totalPage * 15, totalPage, totalpages: totalPage };
}
