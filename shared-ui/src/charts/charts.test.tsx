import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { KelaskuThemeProvider } from '../theme';
import { SvgAreaChart, SvgBarChart } from '.';

const inTheme = (ui: ReactElement) => render(<KelaskuThemeProvider>{ui}</KelaskuThemeProvider>);

describe('SvgBarChart', () => {
  const series = [
    { id: 'done', color: '#111111', values: [4, 2, 8] },
    { id: 'open', color: '#222222', values: [1, null, 3] },
  ];

  it('draws a bar per value (none for null) with the axis texts, hidden from screen readers', () => {
    const { container } = inTheme(<SvgBarChart labels={['A', 'B', 'C']} series={series} height={300} xLabel="Classes" yLabel="Students" />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    for (const text of ['Classes', 'Students', 'A', 'B', 'C', '0', '8']) expect(container).toHaveTextContent(text);
    const bars = container.querySelectorAll('rect');
    expect(bars).toHaveLength(5);
    const height = (color: string, i: number) => Number(container.querySelectorAll(`rect[fill="${color}"]`)[i].getAttribute('height'));
    expect(height('#111111', 2)).toBeCloseTo(height('#111111', 0) * 2); // 8 is twice 4
  });

  it('delays each bar by data index × 300 ms + dataset index × 100 ms, in 1000 ms easeInOutQuart', () => {
    const { container } = inTheme(<SvgBarChart labels={['A', 'B', 'C']} series={series} height={300} yLabel="Students" />);
    const bars = Array.from(container.querySelectorAll('rect'));
    expect(bars.map((b) => Number(b.getAttribute('data-delay-ms')))).toEqual([0, 100, 300, 600, 700]);
    expect(bars[3].style.animationDelay).toBe('600ms');
    const style = getComputedStyle(bars[0]);
    expect(style.animationDuration).toBe('1000ms');
    expect(style.animationTimingFunction).toBe('cubic-bezier(0.76, 0, 0.24, 1)');
  });

  it('keeps a fixed top of the y axis', () => {
    const { container } = inTheme(<SvgBarChart labels={['10th']} series={[{ id: 'avg', color: '#111111', values: [50] }]} height={240} yLabel="Score" yMax={100} />);
    expect(container).toHaveTextContent('100');
  });
});

describe('SvgAreaChart', () => {
  it('draws the filled area and its line, growing in 1000 ms easeInOutQuart', () => {
    const { container } = inTheme(<SvgAreaChart labels={['Okt 2026', 'Nov 2026']} values={[1, 3]} color="#00897b" height={240} yLabel="Submissions" />);
    expect(container).toHaveTextContent('Nov 2026');
    expect(container).toHaveTextContent('Submissions');
    const paths = Array.from(container.querySelectorAll('path'));
    expect(paths.map((p) => [p.getAttribute('fill'), p.getAttribute('stroke')])).toEqual([['#00897b', null], ['none', '#00897b']]);
    const style = getComputedStyle(paths[0].parentElement!);
    expect(style.animationDuration).toBe('1000ms');
    expect(style.animationTimingFunction).toBe('cubic-bezier(0.76, 0, 0.24, 1)');
  });

  it('draws nothing but the axes without data', () => {
    const { container } = inTheme(<SvgAreaChart labels={[]} values={[]} color="#00897b" height={240} yLabel="Submissions" />);
    expect(container.querySelectorAll('path')).toHaveLength(0);
  });
});
