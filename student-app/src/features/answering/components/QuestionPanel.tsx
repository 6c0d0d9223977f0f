import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StoredPicture } from '@kelasku/shared-ui/src/pictures';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OPTION_LETTERS, type OptionLetter, type Question } from '@kelasku/shared-api';
import { MAX_ANSWER_BYTES, overBytes } from '@kelasku/shared-rules';

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

/** One question: optional picture, text, and either options A–D or an essay box. */
export function QuestionPanel({ number, total, question, value, disabled = false, optionOrder = [0, 1, 2, 3], onChoose, onEssayChange }: QuestionPanelProps) {
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
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="subtitle1" color="text.secondary" sx={{ fontWeight: 700 }}>
        {t('sheet.question.heading', { number, total })}
      </Typography>
      {question.image && (
        // Pictures are separate files (/api/v1/images/…), in the size the phone needs: never hold up the question's
        // text and options.
        <Box sx={{ my: 1.5, '& img': { display: 'block', maxWidth: '100%', height: 'auto', maxHeight: 320, objectFit: 'contain', borderRadius: 1 } }}>
          <StoredPicture url={question.image} alt={t('sheet.question.picture', { number })} loading="lazy" />
        </Box>
      )}
      <Typography sx={{ my: 1.5, fontSize: '1.05rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{question.text}</Typography>
      {question.type === 'mc' ? (
        <FormControl disabled={disabled} fullWidth>
          <FormLabel id={`${headingId}-options`} sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {t('sheet.question.options', { number })}
          </FormLabel>
          <RadioGroup
            aria-labelledby={`${headingId}-options`}
            value={value.toLowerCase()}
            onChange={(e) => onChoose(e.target.value as OptionLetter)}
          >
            {optionOrder.map((original, shown) => {
              const letter = OPTION_LETTERS[original];
              return (
                <FormControlLabel
                  key={letter}
                  value={letter}
                  control={<Radio />}
                  label={`${OPTION_LETTERS[shown].toUpperCase()}. ${question.options[original]}`}
                  sx={{
                    m: 0, mb: 1, pr: 1, border: 1, borderRadius: 2, alignItems: 'center',
                    borderColor: value.toLowerCase() === letter ? 'primary.main' : 'divider',
                    bgcolor: value.toLowerCase() === letter ? 'action.selected' : 'transparent',
                    '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' },
                  }}
                />
              );
            })}
          </RadioGroup>
        </FormControl>
      ) : (
        <TextField
          label={t('sheet.question.essayLabel')}
          multiline
          minRows={5}
          fullWidth
          value={value}
          disabled={disabled}
          onChange={(e) => changeEssay(e.target.value)}
          error={tooLarge}
          helperText={tooLarge ? t('sheet.question.essayTooLarge', { limit: MAX_ANSWER_BYTES }) : undefined}
        />
      )}
    </Box>
  );
}
