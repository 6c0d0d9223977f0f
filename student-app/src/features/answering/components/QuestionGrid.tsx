import { useTranslation } from 'react-i18next';
import './question.css';

export interface QuestionGridProps {
  count: number;
  /** 1-based number of the question on screen. */
  current: number;
  isAnswered: (n: number) => boolean;
  onSelect: (n: number) => void;
}

/**
 * Question numbers in four columns: the current one filled, answered ones tinted, each a button. Plain buttons with
 * static CSS (question.css): fifty MUI buttons in three looks cost the sheet's first render its style rules.
 */
export function QuestionGrid({ count, current, isAnswered, onSelect }: QuestionGridProps) {
  const { t } = useTranslation('student');
  return (
    <nav aria-label={t('sheet.grid.label')} data-testid="question-grid" className="kq-grid">
      {Array.from({ length: count }, (_, i) => i + 1).map((n) => {
        const answered = isAnswered(n);
        const isCurrent = n === current;
        const look = isCurrent ? 'kq-grid__cell--current' : answered ? 'kq-grid__cell--answered' : '';
        return (
          <button
            key={n}
            type="button"
            className={`kq-grid__cell ${look}`.trim()}
            onClick={() => onSelect(n)}
            aria-label={answered ? t('sheet.grid.answered', { number: n }) : t('sheet.grid.question', { number: n })}
            aria-current={isCurrent ? 'step' : undefined}
            data-answered={answered || undefined}
          >
            {n}
          </button>
        );
      })}
    </nav>
  );
}
