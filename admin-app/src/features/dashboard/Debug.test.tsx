import '../../test/chartEnv';
import { render, waitFor } from '@testing-library/react';
import StatsCharts from './StatsCharts';

jest.setTimeout(20000);
it('debug', async () => {
  const errs = jest.spyOn(console, 'error');
  const { container } = render(<StatsCharts stats={{ classes: [
    { class_id: 1, name: 'A', grade: 10, students: 3, tasks_completed: 1, tasks_uncompleted: 2, exam_done: 1, exam_not_done: 2 }] }} />);
  await new Promise((r) => setTimeout(r, 2000));
  const svg = container.querySelectorAll('svg')[1];
  console.log(container.querySelectorAll('svg').length, svg?.outerHTML.slice(0, 6000));
  console.log(errs.mock.calls.map(c => String(c[0]).slice(0,300)));
});
