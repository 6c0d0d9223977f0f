import { render } from '@testing-library/react';
import { barDelayMs, growingBar } from './chartAnimation';

describe('barDelayMs', () => {
  it('delays each bar by its data index × 300 ms plus its dataset index × 100 ms', () => {
    expect(barDelayMs(0, 0)).toBe(0);
    expect(barDelayMs(0, 1)).toBe(100);
    expect(barDelayMs(2, 0)).toBe(600);
    expect(barDelayMs(3, 2)).toBe(1100);
  });
});

describe('growingBar (an x-charts bar slot)', () => {
  const Bar = growingBar(['done', 'open']);
  const slotProps = {
    color: '#123456',
    fill: '#123456',
    x: 1,
    y: 2,
    width: 3,
    height: 4,
    xOrigin: 0,
    yOrigin: 0,
    layout: 'vertical' as const,
    skipAnimation: true,
  };

  it("takes the dataset index from the series' place in the chart, and passes on only SVG attributes", () => {
    const { container } = render(
      <svg>
        <Bar {...slotProps} seriesId="open" dataIndex={2} ownerState={{ isFaded: false, isHighlighted: false }} />
      </svg>,
    );
    const rect = container.querySelector('rect')!;
    expect(rect).toHaveAttribute('data-delay-ms', '700');
    expect(rect.style.animationDelay).toBe('700ms');
    expect(rect).toHaveAttribute('fill', '#123456');
    expect(rect).toHaveAttribute('height', '4');
    for (const notSvg of ['color', 'layout', 'xorigin', 'skipanimation']) expect(rect).not.toHaveAttribute(notSvg);
  });

  it('fades the bars that are not highlighted, as x-charts does', () => {
    const { container } = render(
      <svg>
        <Bar {...slotProps} seriesId="done" dataIndex={0} ownerState={{ isFaded: true, isHighlighted: false }} />
      </svg>,
    );
    expect(container.querySelector('rect')).toHaveAttribute('opacity', '0.3');
  });
});
