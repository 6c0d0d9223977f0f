import i18next from 'i18next';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classesApi, examsApi } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInAsTeacher } from '../../../test/fixtures';
import ImportExamQuestionsDialog from './ImportExamQuestionsDialog';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    classesApi: { ...actual.classesApi, mine: jest.fn() },
    examsApi: { ...actual.examsApi, byClass: jest.fn() },
  };
});

const mocked = <T,>(fn: T) => fn as unknown as jest.Mock;
const exam = {
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
};

beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
  mocked(classesApi.mine).mockResolvedValue({
    classes: [
      { id: 4, name: 'X IPA 1', grade: 10 },
      { id: 5, name: 'X IPA 2', grade: 10 },
      { id: 6, name: 'XI IPA 1', grade: 11 },
    ],
  });
  mocked(examsApi.byClass).mockImplementation(async (classId: number) => (classId === 5 ? [exam] : []));
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
    expect(examsApi.byClass).not.toHaveBeenCalledWith(4);
  });

  it('in Indonesian', async () => {
    await i18next.changeLanguage('id');
    renderAt(<ImportExamQuestionsDialog classId={5} onClose={jest.fn()} onChoose={jest.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'Ambil soal dari ujian lain' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Belum ada ujian di kelas Anda yang lain.')).toBeInTheDocument());
  });
});
