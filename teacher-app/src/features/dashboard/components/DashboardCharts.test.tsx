import { render } from '@testing-library/react';
import { KelaskuThemeProvider, kelaskuColors } from '@kelasku/shared-ui';
import { PerformanceChart, SubmissionsChart } from './DashboardCharts';

const inTheme = (ui: React.ReactElement) => render(<KelaskuThemeProvider>{ui}</KelaskuThemeProvider>);

describe('dashboard charts', () => {
  it('draws one bar per grade that has an average, with the grade and score axes', async () => {
    const { container, findByText } = inTheme(<PerformanceChart labels={['10th', '11th', '12th']} averages={[80, null, 40]} />);
    expect(await findByText('Grade')).toBeInTheDocument();
    expect(container).toHaveTextContent('Average score');
    for (const label of ['10th', '11th', '12th', '0', '100']) expect(container).toHaveTextContent(label);
    const bars = Array.from(container.querySelectorAll('rect')).filter((r) => r.getAttribute('fill') === kelaskuColors.primary);
    expect(bars).toHaveLength(2); // no bar for the grade without grades
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    expect(heights[0]).toBeCloseTo(heights[1] * 2, 0); // 80 is twice 40
    // The spec's per-bar delay: data index × 300 ms (one dataset); the grade without grades keeps its index.
    expect(bars.map((b) => b.getAttribute('data-delay-ms'))).toEqual(['0', '600']);
    expect(getComputedStyle(bars[0]).animationDuration).toBe('1000ms');
  });

  it('draws the submissions as a filled line over the months', async () => {
    const { container, findByText } = inTheme(<SubmissionsChart labels={['Okt 2026', 'Nov 2026']} counts={[1, 3]} />);
    expect(await findByText('Submissions')).toBeInTheDocument();
    expect(container).toHaveTextContent('Nov 2026');
    const paths = Array.from(container.querySelectorAll('path')).filter((p) => (p.getAttribute('d') ?? '').length > 0);
    // The area (filled) and the line (stroked), both in the accent colour.
    expect(paths.some((p) => p.getAttribute('fill') === kelaskuColors.accent)).toBe(true);
    expect(paths.some((p) => p.getAttribute('stroke') === kelaskuColors.accent)).toBe(true);
  });
});
