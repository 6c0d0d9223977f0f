import { useEffect, useState } from 'react';

/** Question 1 of the class's open exam, read the way the bench's bare twin reads it (token as the app sends it). */
export interface FirstQuestion {
  text: string;
  picture?: string;
  options: [letter: string, text: string][];
}

export async function fetchFirstQuestion(): Promise<FirstQuestion> {
  const classId = new URLSearchParams(location.search).get('class_id');
  const res = await fetch(`/api/v1/exams?class_id=${classId}`, {
    headers: { Authorization: localStorage.getItem('token') ?? '' },
  });
  if (!res.ok) throw new Error(`GET /exams answered ${res.status}`);
  const content = ((await res.json()) as { content: Record<string, string> }[])[0].content;
  return {
    text: content['1'],
    picture: content['1_pict'] || undefined,
    options: ['a', 'b', 'c', 'd'].map((l) => [l, content[`1_${l}`]]),
  };
}

/** Question 1 once it has arrived (undefined before). */
export function useFirstQuestion(): FirstQuestion | undefined {
  const [question, setQuestion] = useState<FirstQuestion>();
  useEffect(() => void fetchFirstQuestion().then(setQuestion), []);
  return question;
}
