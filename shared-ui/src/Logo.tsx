// Kelasku's own mark: an open book under a graduation cap, plus the wordmark. Plain SVG, no MUI,
// so the login page can import it directly ('@kelasku/shared-ui/src/Logo') without pulling the UI kit.
export interface LogoProps {
  /** Height in px; the width follows. */
  size?: number;
  /** Show the 'Kelasku' wordmark next to the mark. */
  wordmark?: boolean;
  /** Text colour of the wordmark. */
  color?: string;
}

export function Logo({ size = 40, wordmark = true, color = '#1f2a5c' }: LogoProps) {
  const width = wordmark ? size * 4 : size;
  return (
    <svg width={width} height={size} viewBox={wordmark ? '0 0 160 40' : '0 0 40 40'} role="img" aria-label="Kelasku">
      <g fill="none" strokeLinejoin="round">
        <path d="M20 4 36 11 20 18 4 11Z" fill="#3949ab" />
        <path d="M31 13v7" stroke="#3949ab" strokeWidth="2" strokeLinecap="round" />
        <circle cx="31" cy="21" r="1.8" fill="#00897b" />
        <path d="M5 19c5-2 10-1.5 15 2v15c-5-3.5-10-4-15-2Z" fill="#00897b" />
        <path d="M35 19c-5-2-10-1.5-15 2v15c5-3.5 10-4 15-2Z" fill="#26a69a" />
      </g>
      {wordmark && (
        <text
          x="44"
          y="28"
          fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
          fontSize="22"
          fontWeight="700"
          fill={color}
        >
          Kelasku
        </text>
      )}
    </svg>
  );
}
