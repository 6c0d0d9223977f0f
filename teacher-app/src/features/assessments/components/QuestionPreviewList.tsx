import { StoredPicture } from '@kelasku/shared-ui/src/pictures';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { OPTION_LETTERS, parseQuestions, type ContentMap } from '@kelasku/shared-api';
import { originalOrder, type SheetOrder } from '@kelasku/shared-rules';
import { MathText } from '@kelasku/shared-ui';

/**
 * Read-only questions with the correct option highlighted (and marked 'Correct answer' in text, not colour only).
 * With `order`, in one student's order (positions and letters as that student sees them, the teacher's number noted).
 */
export function QuestionPreviewList({ content, order }: { content: ContentMap; order?: SheetOrder }) {
  const { t } = useTranslation('teacher');
  const questions = parseQuestions(content);
  const shownOrder = order && order.questions.length === questions.length ? order : originalOrder(questions.length);
  return (
    <Stack spacing={2}>
      {shownOrder.questions.map((original, index) => {
        const q = questions[original - 1];
        const number = index + 1;
        return (
          <Paper
            key={number}
            variant="outlined"
            component="section"
            aria-label={t('assessments.question.heading', { number })}
            sx={{ p: { xs: 1.5, sm: 2.5 } }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                {t('assessments.question.heading', { number })}
              </Typography>
              <Chip
                size="small"
                label={q.type === 'essay' ? t('assessments.question.essay') : t('assessments.question.multipleChoice')}
              />
              {original !== number && (
                <Typography variant="body2" color="text.secondary">
                  {t('assessments.preview.yourQuestion', { number: original })}
                </Typography>
              )}
            </Stack>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <MathText text={q.text} />
            </Typography>
            {q.image && (
              <Box
                sx={{
                  mt: 1.5,
                  '& img': {
                    display: 'block',
                    maxWidth: '100%',
                    height: 'auto',
                    maxHeight: 280,
                    objectFit: 'contain',
                    borderRadius: 1,
                  },
                }}
              >
                <StoredPicture url={q.image} alt={t('assessments.question.image', { number })} />
              </Box>
            )}
            {q.type === 'mc' ? (
              <List dense aria-label={t('assessments.preview.options', { number })}>
                {shownOrder.options(original).map((i, place) => {
                  const letter = OPTION_LETTERS[i];
                  const correct = q.answer === letter;
                  return (
                    <ListItem
                      key={letter}
                      sx={{
                        my: 0.5,
                        borderRadius: 1,
                        border: 1,
                        borderColor: correct ? 'success.main' : 'divider',
                        bgcolor: correct ? 'rgba(46, 125, 50, 0.12)' : 'transparent',
                        fontWeight: correct ? 700 : 400,
                        gap: 1,
                      }}
                    >
                      <Box component="span" sx={{ fontWeight: 700 }}>
                        {OPTION_LETTERS[place].toUpperCase()}.
                      </Box>
                      <Box component="span" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                        <MathText text={q.options[i]} />
                      </Box>
                      {correct && (
                        <Chip
                          size="small"
                          color="success"
                          icon={<CheckCircleIcon />}
                          label={t('assessments.question.correctAnswer')}
                        />
                      )}
                    </ListItem>
                  );
                })}
              </List>
            ) : (
              q.essayAnswer && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, whiteSpace: 'pre-wrap' }}>
                  <strong>{t('assessments.preview.referenceAnswer')}</strong> {q.essayAnswer}
                </Typography>
              )
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
