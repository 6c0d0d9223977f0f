import { useEffect } from 'react';
import { pictureProps, webpCandidates } from '@kelasku/shared-ui/src/pictures';

/**
 * Once this question is on screen, fetches the next question's picture in the background so Next shows it at once
 * (pictures are cacheable files, not part of the exam JSON).
 */
export function useNextPicturePrefetch(nextImage: string | undefined) {
  useEffect(() => {
    if (!nextImage || nextImage.startsWith('data:')) return;
    const timer = setTimeout(() => {
      // The copy the question will show (its <picture> takes the WebP candidates first, with these sizes), so it is
      // the one in the cache.
      const { src, srcSet, sizes } = pictureProps(nextImage);
      const candidates = webpCandidates(nextImage) || srcSet;
      const img = new Image();
      img.decoding = 'async';
      if (candidates && sizes) {
        img.sizes = sizes;
        img.srcset = candidates;
      }
      img.src = src;
    }, 500);
    return () => clearTimeout(timer);
  }, [nextImage]);
}
