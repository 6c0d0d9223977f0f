import { useState } from 'react';
import { useFirstQuestion } from './exam-data';

/** Question 1 in plain elements: React's own share of the floor, without MUI. */
export default function QuestionReact() {
  const question = useFirstQuestion();
  const [value, setValue] = useState('');
  if (!question) return <p>Loading…</p>;
  return (
    <main>
      {question.picture && <img src={question.picture} alt="" loading="lazy" style={{ maxWidth: '100%' }} />}
      <p>{question.text}</p>
      {question.options.map(([letter, text]) => (
        <label key={letter} style={{ display: 'block' }}>
          <input type="radio" name="q1" value={letter} checked={value === letter} onChange={() => setValue(letter)} />{' '}
          {letter.toUpperCase()}. {text}
        </label>
      ))}
    </main>
  );
}
