import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { kelaskuColors } from '@kelasku/shared-ui';
import { KelaskuThemeProvider } from '@kelasku/shared-ui/src/theme-provider';
import { giveChartsASize } from '@kelasku/shared-ui/src/test-utils';
import { PerformanceChart, SubmissionsChart } from './DashboardCharts';

const inTheme = (ui: React.ReactElement) => render(<KelaskuThemeProvider>{ui}</KelaskuThemeProvider>);

beforeEach(() => giveChartsASize());
afterEach(() => jest.restoreAllMocks());

describe('dashboard charts (@mui/x-charts)', () => {
  it('draws one bar per grade that has an average, with the grade and score axes', async () => {
    const { container } = inTheme(<PerformanceChart labels={['10th', '11th', '12th']} averages={[80, null, 40]} />);
    expect(await screen.findByText('Grade')).toBeInTheDocument();
    expect(container).toHaveTextContent('Average score');
    for (const label of ['10th', '11th', '12th', '0', '100']) expect(container).toHaveTextContent(label);
    // x-charts' chart surface, with its keyboard-focusable plot.
    expect(container.querySelector('.MuiChartsSurface-root')).not.toBeNull();
    const bars = Array.from(container.querySelectorAll('rect[data-delay-ms]'));
    expect(bars).toHaveLength(2); // no bar for the grade without grades
    expect(bars.map((b) => b.getAttribute('fill'))).toEqual([kelaskuColors.primary, kelaskuColors.primary]);
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    expect(heights[0]).toBeCloseTo(heights[1] * 2, 0); // 80 is twice 40
    // The spec's per-bar delay: data index × 300 ms (one dataset); the grade without grades keeps its index.
    expect(bars.map((b) => b.getAttribute('data-delay-ms'))).toEqual(['0', '600']);
    expect((bars[1] as SVGElement).style.animationDelay).toBe('600ms');
    const style = getComputedStyle(bars[0]);
    expect(style.animationDuration).toBe('1000ms');
    expect(style.animationTimingFunction).toBe('cubic-bezier(0.76, 0, 0.24, 1)');
  });

  it('draws the submissions as a filled line over the months, growing from the x axis', async () => {
    const { container } = inTheme(<SubmissionsChart labels={['Okt 2026', 'Nov 2026']} counts={[1, 3]} />);
    expect(await screen.findByText('Submissions')).toBeInTheDocument();
    expect(container).toHaveTextContent('Nov 2026');
    const area = container.querySelector('.MuiLineChart-areaPlot path');
    const line = container.querySelector('.MuiLineChart-linePlot path');
    expect(area).toHaveAttribute('fill', kelaskuColors.accent);
    expect(line).toHaveAttribute('stroke', kelaskuColors.accent);
    // Both groups grow in 1000 ms easeInOutQuart from where the x axis is drawn.
    const xAxis = container.querySelector('[data-axis-id] line')!.closest('[data-axis-id]')!;
    const axisY = /translate\(0, ([\d.]+)\)/.exec(xAxis.getAttribute('transform') ?? '')?.[1];
    for (const group of [area!.closest('.MuiLineChart-areaPlot')!, line!.closest('.MuiLineChart-linePlot')!]) {
      const style = getComputedStyle(group);
      expect(style.animationDuration).toBe('1000ms');
      expect(style.animationTimingFunction).toBe('cubic-bezier(0.76, 0, 0.24, 1)');
      expect(style.transformOrigin).toBe(`0 ${axisY}px`);
    }
  });

  it('in Indonesian: axis titles and numbers', async () => {
    await i18next.changeLanguage('id');
    try {
      const { container } = inTheme(<SubmissionsChart labels={['Nov 2026']} counts={[1500]} />);
      expect(await screen.findByText('Pengumpulan')).toBeInTheDocument();
      expect(container).toHaveTextContent('1.500');
    } finally {
      cleanup();
      await i18next.changeLanguage('en');
    }
  });
});
