import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useFirstQuestion } from './exam-data';

/** Question 1 with the MUI components the student app's exam page uses for it: the least that page can render. */
export default function QuestionMui() {
  const question = useFirstQuestion();
  const [value, setValue] = useState('');
  if (!question) return <Typography>Loading…</Typography>;
  return (
    <Box component="main" sx={{ p: 2 }}>
      {question.picture && (
        <Box component="img" src={question.picture} alt="" loading="lazy" sx={{ maxWidth: '100%' }} />
      )}
      <Typography sx={{ my: 1.5 }}>{question.text}</Typography>
      <RadioGroup value={value} onChange={(e) => setValue(e.target.value)}>
        {question.options.map(([letter, text]) => (
          <FormControlLabel
            key={letter}
            value={letter}
            control={<Radio />}
            label={`${letter.toUpperCase()}. ${text}`}
          />
        ))}
      </RadioGroup>
    </Box>
  );
}
