/**
 * Loads the page again as a new document. Its own module so that tests can stand in for it: jsdom cannot navigate,
 * and its `location.reload` cannot be replaced.
 */
export function reloadPage(): void {
  window.location.reload();
}
