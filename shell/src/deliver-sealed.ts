import { apiBase } from '@kelasku/shared-api/src/api-base';
import { hasSealedAnswers } from '@kelasku/shared-api/src/device-data';

/**
 * Every online page load hands the answers sealed on this browser (a student signed out before they were sent) to
 * the server, whoever is signed in now: the server checks the ticket inside. Once the page has loaded, so the first
 * paint does not wait for it; the delivery code is fetched only when something is sealed.
 */
export function deliverSealedAnswersOnLoad(): void {
  if (!hasSealedAnswers()) return;
  const deliver = () => {
    if (navigator.onLine === false) return;
    void import('@kelasku/shared-api/src/sealed-answers').then(({ deliverSealedAnswers }) =>
      deliverSealedAnswers(apiBase),
    );
  };
  if (document.readyState === 'complete') deliver();
  else window.addEventListener('load', deliver, { once: true });
}
