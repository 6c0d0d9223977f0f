import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StoredPicture } from '@kelasku/shared-ui/src/pictures';
import { OPTION_LETTERS, type OptionLetter, type Question } from '@kelasku/shared-api';
import { MAX_ANSWER_BYTES, overBytes } from '@kelasku/shared-rules';
import { MathText } from '@kelasku/shared-ui/src/formula/MathText';
import './question.css';

// MUI's text field (its form chunk) only where an essay is asked: a sheet of options answers without it. Loaded
// right after the first question shows, so an essay further on opens offline too.
const loadEssayField = () => import('./EssayField');
const EssayField = lazy(loadEssayField);

export interface QuestionPanelProps {
  number: number;
  total: number;
  question: Question;
  value: string;
  disabled?: boolean;
  /**
   * The original option indices (0 = a) in the order shown: labels A–D follow the screen, the chosen value is the
   * original letter (what is saved and graded). Default: the original order.
   */
  optionOrder?: number[];
  onChoose: (letter: OptionLetter) => void;
  onEssayChange: (text: string) => void;
}

/**
 * One question: optional picture, text, and either options A–D or an essay box. The question and its options are
 * plain elements with static CSS (question.css): the first question of a sheet shows and answers without MUI's
 * run-time styling.
 */
export function QuestionPanel({
  number,
  total,
  question,
  value,
  disabled = false,
  optionOrder = [0, 1, 2, 3],
  onChoose,
  onEssayChange,
}: QuestionPanelProps) {
  const { t } = useTranslation('student');
  const headingId = `question-${number}-heading`;
  // An essay past the server's cap is not taken (as a maxLength would): the saved answer stays one the server accepts,
  // so it never stops the save queue, and the student sees why the text does not grow.
  const [tooLarge, setTooLarge] = useState(false);
  const changeEssay = (text: string) => {
    const over = overBytes(text, MAX_ANSWER_BYTES);
    setTooLarge(over);
    if (!over) onEssayChange(text);
  };
  useEffect(() => {
    void loadEssayField().catch(() => undefined);
  }, []);
  const chosen = value.toLowerCase();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="kq-question__heading">
        {t('sheet.question.heading', { number, total })}
      </h2>
      {question.image && (
        // Pictures are separate files (/api/v1/images/…), in the size the phone needs: never hold up the question's
        // text and options.
        <StoredPicture
          className="kq-question__picture"
          url={question.image}
          alt={t('sheet.question.picture', { number })}
          loading="lazy"
        />
      )}
      <p className="kq-question__text">
        <MathText text={question.text} />
      </p>
      {question.type === 'mc' ? (
        <div role="radiogroup" className="kq-options" aria-labelledby={`${headingId}-options`}>
          <span id={`${headingId}-options`} className="kq-options__label">
            {t('sheet.question.options', { number })}
          </span>
          {optionOrder.map((original, shown) => {
            const letter = OPTION_LETTERS[original];
            const isChosen = chosen === letter;
            return (
              <label
                key={letter}
                className={`kq-option${isChosen ? ' kq-option--chosen' : ''}${disabled ? ' kq-option--disabled' : ''}`}
              >
                <input
                  type="radio"
                  name={`${headingId}-options`}
                  value={letter}
                  checked={isChosen}
                  disabled={disabled}
                  onChange={() => onChoose(letter)}
                />
                <span className="kq-option__text">
                  {`${OPTION_LETTERS[shown].toUpperCase()}. `}
                  <MathText text={question.options[original]} />
                </span>
              </label>
            );
          })}
        </div>
      ) : (
        <Suspense fallback={null}>
          <EssayField
            label={t('sheet.question.essayLabel')}
            value={value}
            disabled={disabled}
            onChange={changeEssay}
            problem={tooLarge ? t('sheet.question.essayTooLarge', { limit: MAX_ANSWER_BYTES }) : undefined}
          />
        </Suspense>
      )}
    </section>
  );
}
