import { render, screen } from '@testing-library/react';
import { KelaskuThemeProvider } from './theme-provider';
import { PageTitle } from './PageTitle';

it("is the screen's one h1, bold, and keeps the spacing the screen asks for", () => {
  render(
    <KelaskuThemeProvider>
      <PageTitle sx={{ mb: 2 }}>Kelola Mata Pelajaran</PageTitle>
    </KelaskuThemeProvider>,
  );
  const heading = screen.getByRole('heading', { level: 1, name: 'Kelola Mata Pelajaran' });
  const style = getComputedStyle(heading);
  expect(style.fontWeight).toBe('700');
  expect(style.overflowWrap).toBe('anywhere');
  expect(style.marginBottom).toBe('16px');
});

it('needs no extra style', () => {
  render(
    <KelaskuThemeProvider>
      <PageTitle>Nilai Latihan</PageTitle>
    </KelaskuThemeProvider>,
  );
  expect(getComputedStyle(screen.getByRole('heading', { level: 1, name: 'Nilai Latihan' })).fontWeight).toBe('700');
});
