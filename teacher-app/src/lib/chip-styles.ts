// MUI's filled warning/info chips put white text on orange/light blue (below 4.5:1 contrast); these pass WCAG AA.
export const warningChipSx = { bgcolor: '#fff3e0', color: '#7a3e00', border: '1px solid #f0b36b' } as const;
export const infoChipSx = { bgcolor: '#e3f2fd', color: '#0d47a1', border: '1px solid #90caf9' } as const;
