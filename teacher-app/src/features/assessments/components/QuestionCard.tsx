import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ImageIcon from '@mui/icons-material/Image';
import { OPTION_LETTERS, type OptionLetter, type Question } from '@kelasku/shared-api';
import { hasMath } from '@kelasku/shared-rules';
import { preparePicture } from '@kelasku/shared-rules/src/picture-upload';
import { MathText } from '@kelasku/shared-ui/src/formula/MathText';
import { pictureErrorText } from '../../../lib/picture-error-text';
import { changeQuestionType } from '../question-rules';

export interface QuestionCardProps {
  number: number;
  question: Question;
  canRemove: boolean;
  onChange: (question: Question) => void;
  onRemove: () => void;
}

/** Editor of one question: type, text, options and correct letter (or reference answer), optional image. */
export function QuestionCard({ number, question, canRemove, onChange, onRemove }: QuestionCardProps) {
  const { t } = useTranslation('teacher');
  const headingId = useId();
  const set = (patch: Partial<Question>) => onChange({ ...question, ...patch });

  return (
    <Paper variant="outlined" role="group" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('assessments.question.heading', { number })}
          </Typography>
          <Button
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={onRemove}
            disabled={!canRemove}
            aria-label={t('assessments.question.removeLabel', { number })}
          >
            {t('assessments.question.remove')}
          </Button>
        </Box>
        <FormControl>
          <FormLabel id={`${headingId}-type`}>{t('assessments.question.type')}</FormLabel>
          <RadioGroup
            row
            aria-label={t('assessments.question.typeLabel', { number })}
            value={question.type}
            onChange={(e) => onChange(changeQuestionType(question, e.target.value as Question['type']))}
          >
            <FormControlLabel value="mc" control={<Radio />} label={t('assessments.question.multipleChoice')} />
            <FormControlLabel value="essay" control={<Radio />} label={t('assessments.question.essay')} />
          </RadioGroup>
        </FormControl>
        <TextField
          label={t('assessments.question.text')}
          value={question.text}
          onChange={(e) => set({ text: e.target.value })}
          multiline
          minRows={2}
          fullWidth
          helperText={t('assessments.question.formulaHint')}
          slotProps={{ htmlInput: { 'aria-label': t('assessments.question.textLabel', { number }) } }}
        />
        <FormulaPreview number={number} question={question} />
        {question.type === 'mc' ? (
          <ChoiceFields number={number} question={question} headingId={headingId} set={set} />
        ) : (
          <TextField
            label={t('assessments.question.reference')}
            helperText={t('assessments.question.referenceHint')}
            value={question.essayAnswer}
            onChange={(e) => set({ essayAnswer: e.target.value })}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { 'aria-label': t('assessments.question.referenceLabel', { number }) } }}
          />
        )}
        <QuestionImage number={number} image={question.image} onChange={(image) => set({ image })} />
      </Stack>
    </Paper>
  );
}

/** A multiple-choice question's four options and its correct letter. */
function ChoiceFields({
  number,
  question,
  headingId,
  set,
}: {
  number: number;
  question: Question;
  /** The card's heading id, which the answer's label id starts with. */
  headingId: string;
  set: (patch: Partial<Question>) => void;
}) {
  const { t } = useTranslation('teacher');
  return (
    <>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {OPTION_LETTERS.map((letter, i) => (
          <TextField
            key={letter}
            label={t('assessments.question.option', { letter: letter.toUpperCase() })}
            value={question.options[i]}
            onChange={(e) => {
              const options = [...question.options] as Question['options'];
              options[i] = e.target.value;
              set({ options });
            }}
            fullWidth
            slotProps={{
              htmlInput: {
                'aria-label': t('assessments.question.optionLabel', { number, letter: letter.toUpperCase() }),
              },
            }}
          />
        ))}
      </Box>
      <FormControl>
        <FormLabel id={`${headingId}-answer`}>{t('assessments.question.correctAnswer')}</FormLabel>
        <RadioGroup
          row
          aria-label={t('assessments.question.correctAnswerLabel', { number })}
          value={question.answer}
          onChange={(e) => set({ answer: e.target.value as OptionLetter })}
        >
          {OPTION_LETTERS.map((letter) => (
            <FormControlLabel key={letter} value={letter} control={<Radio />} label={letter.toUpperCase()} />
          ))}
        </RadioGroup>
      </FormControl>
    </>
  );
}

/** The question's optional picture: add one (shrunk in the browser first) or remove it. */
function QuestionImage({
  number,
  image,
  onChange,
}: {
  number: number;
  image: string;
  onChange: (image: string) => void;
}) {
  const { t } = useTranslation('teacher');
  const [imageError, setImageError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const pickImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImageError(null);
    try {
      // Shrunk in the browser first, so a phone photo fits the server's limit.
      onChange(await preparePicture(file));
    } catch (err) {
      setImageError(pictureErrorText(err));
    }
  };

  return (
    <Box>
      {image ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box
            component="img"
            src={image}
            alt={t('assessments.question.image', { number })}
            sx={{ maxWidth: '100%', maxHeight: 240, borderRadius: 1 }}
          />
          <Button size="small" color="error" onClick={() => onChange('')}>
            {t('assessments.question.removeImage', { number })}
          </Button>
        </Stack>
      ) : (
        <>
          {/* A real button opens the hidden file input: a <label> with role=button is not allowed by ARIA. */}
          <Button variant="outlined" size="small" startIcon={<ImageIcon />} onClick={() => fileRef.current?.click()}>
            {t('assessments.question.addImage')}
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            hidden
            aria-label={t('assessments.question.image', { number })}
            onChange={(event) => void pickImage(event)}
          />
        </>
      )}
      {imageError && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {imageError}
        </Typography>
      )}
    </Box>
  );
}

/** Once the question or an option holds a formula: the question as students will see it, typeset live. */
function FormulaPreview({ number, question }: { number: number; question: Question }) {
  const { t } = useTranslation('teacher');
  const options = question.type === 'mc' ? question.options : [];
  if (![question.text, ...options].some(hasMath)) return null;
  return (
    <Box
      component="section"
      aria-label={t('assessments.question.formulaPreview', { number })}
      sx={{ p: 1.5, borderRadius: 1, bgcolor: 'grey.50', overflowWrap: 'anywhere' }}
    >
      <Typography variant="caption" color="text.secondary" component="p">
        {t('assessments.question.formulaPreview', { number })}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>
        <MathText text={question.text} />
      </Typography>
      {options.map((option, i) => (
        <Typography key={OPTION_LETTERS[i]} variant="body2">
          {`${OPTION_LETTERS[i].toUpperCase()}. `}
          <MathText text={option} />
        </Typography>
      ))}
    </Box>
  );
}
