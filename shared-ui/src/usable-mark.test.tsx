import { render } from '@testing-library/react';
import { USABLE_MARK } from '@kelasku/shared-rules/src/usable-mark';
import { useUsableMark } from './states';
import { withUserTiming } from './test-utils';

function Screen({ ready }: { ready: boolean }) {
  useUsableMark(ready);
  return null;
}

const marks = () => performance.getEntriesByName(USABLE_MARK, 'mark');

withUserTiming();

test('a screen sets the usable mark once its main content is ready, not while it loads', () => {
  const { rerender } = render(<Screen ready={false} />);
  expect(marks()).toHaveLength(0);
  rerender(<Screen ready />);
  expect(marks()).toHaveLength(1);
});

test('the mark belongs to the first usable screen of the page load: a later one never moves it', () => {
  const first = render(<Screen ready />);
  const at = marks()[0].startTime;
  first.unmount();
  render(<Screen ready />);
  expect(marks()).toHaveLength(1);
  expect(marks()[0].startTime).toBe(at);
});
