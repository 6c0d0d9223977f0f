import { screen } from '@testing-library/react';
import { materialDiscussionsApi, type Material } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { StreamTab } from './StreamTab';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return { ...actual, materialDiscussionsApi: { ...actual.materialDiscussionsApi, list: jest.fn() } };
});

test('a student question is shown as the plain text its author typed, with its line breaks', async () => {
  const topic = 'Kalau x<y dan y>z, apakah x<z? Tom &amp; Jerry';
  const description = '<b>x</b> & y\nbaris dua';
  (materialDiscussionsApi.list as jest.Mock).mockResolvedValue({
    discussions: [{ id: 1, student_id: 5, student_name: 'Siti', material_id: 3, topic, description, replies: [] }],
    meta: { page: 1, pageSize: 5, total: 1, totalPage: 1, totalpages: 1 },
  });
  const material = { id: 3, title: 'Sel', description: 'd', content: '<p>c</p>', class_id: 1 } as Material;
  renderAt(<StreamTab materials={[material]} />, '/');
  const shownTopic = await screen.findByText(topic);
  const shownDescription = screen.getByText((_, el) => el?.textContent === description);
  expect(shownTopic).toHaveStyle({ whiteSpace: 'pre-wrap' });
  expect(shownDescription).toHaveStyle({ whiteSpace: 'pre-wrap' });
  expect(shownDescription.querySelector('b')).toBeNull();
});
