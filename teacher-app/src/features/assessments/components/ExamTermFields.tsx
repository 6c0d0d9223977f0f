import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { EXAM_KINDS, MAX_EXAM_KIND_LABEL, type ExamKind } from '@kelasku/shared-rules/src/exam-kinds';
import '../../../lib/term-i18n';

export interface ExamTermValues {
  kind: ExamKind;
  /** the name of an exam of kind 'other' */
  kindLabel: string;
  /** students see the correct answers once the exam has ended */
  showAnswers: boolean;
}

/** The API fields of an exam's kind and its answers setting. */
export function examTermBody(v: ExamTermValues) {
  return { kind: v.kind, kind_label: v.kind === 'other' ? v.kindLabel.trim() : null, show_answers: v.showAnswers };
}

/** What stands in the way of saving, as a message key (null: nothing). */
export function examTermProblem(v: ExamTermValues): 'term:kind.otherNameMissing' | null {
  return v.kind === 'other' && !v.kindLabel.trim() ? 'term:kind.otherNameMissing' : null;
}

const KIND_KEYS = {
  daily: 'term:kind.daily',
  midterm: 'term:kind.midterm',
  final: 'term:kind.final',
  other: 'term:kind.other',
} as const satisfies Record<ExamKind, string>;

/** An exam's kind (daily test, mid-term, final, or a name of the teacher's own) and whether its answers are shown after it. */
export function ExamTermFields({
  value,
  onChange,
}: {
  value: ExamTermValues;
  onChange: (value: ExamTermValues) => void;
}) {
  const { t } = useTranslation('term');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
      <TextField
        select
        label={t('term:kind.field')}
        value={value.kind}
        onChange={(e) => onChange({ ...value, kind: e.target.value as ExamKind })}
      >
        {EXAM_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {t(KIND_KEYS[k])}
          </MenuItem>
        ))}
      </TextField>
      {value.kind === 'other' && (
        <TextField
          label={t('term:kind.otherName')}
          value={value.kindLabel}
          required
          onChange={(e) => onChange({ ...value, kindLabel: e.target.value })}
          slotProps={{ htmlInput: { maxLength: MAX_EXAM_KIND_LABEL } }}
          helperText={t('term:kind.otherNameHelp')}
        />
      )}
      <FormControlLabel
        sx={{ gridColumn: '1 / -1' }}
        control={
          <Checkbox
            checked={value.showAnswers}
            onChange={(e) => onChange({ ...value, showAnswers: e.target.checked })}
          />
        }
        label={t('term:showAnswers')}
      />
    </Box>
  );
}
