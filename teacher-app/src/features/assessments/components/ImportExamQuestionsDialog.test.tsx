import i18next from 'i18next';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { reply, type Replier } from '../../../../../jest/msw-routes';
import { classItem, exam as examOf, signInAsTeacher, X_IPA_1 } from '../../../test/fixtures';
import { answerMyClasses, asked } from '../../../test/network';
import ImportExamQuestionsDialog from './ImportExamQuestionsDialog';

const exam = examOf({
  id: 30,
  class_id: 5,
  title: 'UTS Fisika',
  shuffle_questions: true,
  content: {
    '1': 'Satuan periode?',
    '1_a': 's',
    '1_b': 'm',
    '1_c': 'kg',
    '1_d': 'N',
    '1_answer': 'a',
    '2_essay': 'Jelaskan bandul',
  },
});

/** The exam of each class: only X IPA 2 (5) has one. */
let examsOf: Replier<'get /exams'>;
beforeEach(() => {
  signInAsTeacher();
  answerMyClasses([
    X_IPA_1,
    classItem({ id: 5, name: 'X IPA 2', grade: 10 }),
    classItem({ id: 6, name: 'XI IPA 1', grade: 11 }),
  ]);
  examsOf = reply('get /exams', ({ query }) => (query.class_id === '5' ? [exam] : []));
});

describe('Take questions from another exam', () => {
  it("offers the other classes' exams and hands the chosen one to the form", async () => {
    const user = userEvent.setup();
    const onChoose = jest.fn();
    renderAt(<ImportExamQuestionsDialog classId={4} onClose={jest.fn()} onChoose={onChoose} />);
    await user.click(await screen.findByRole('radio', { name: 'X IPA 2: UTS Fisika (2 questions)' }));
    expect(screen.getAllByRole('radio')).toHaveLength(1); // a class without an exam is not offered, nor its own
    await user.click(screen.getByRole('button', { name: 'Use these questions' }));
    expect(onChoose).toHaveBeenCalledWith(exam);
    expect(examsOf).not.toHaveBeenCalledWith(asked({ class_id: '4', number: '0' }));
    expect(examsOf).toHaveBeenCalledWith(asked({ class_id: '5', number: '0' }));
  });

  it('in Indonesian', async () => {
    await i18next.changeLanguage('id');
    renderAt(<ImportExamQuestionsDialog classId={5} onClose={jest.fn()} onChoose={jest.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'Ambil soal dari ujian lain' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Belum ada ujian di kelas Anda yang lain.')).toBeInTheDocument());
  });
});
