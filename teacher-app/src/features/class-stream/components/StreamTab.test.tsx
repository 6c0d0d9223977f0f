import { screen } from '@testing-library/react';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { reply } from '../../../../../jest/msw-routes';
import { material, meta } from '../../../test/fixtures';
import { StreamTab } from './StreamTab';

test('a student question is shown as the plain text its author typed, with its line breaks', async () => {
  const topic = 'Kalau x<y dan y>z, apakah x<z? Tom &amp; Jerry';
  const description = '<b>x</b> & y\nbaris dua';
  reply('get /discussions-material', () => ({
    discussions: [{ id: 1, student_id: 5, student_name: 'Siti', material_id: 3, topic, description, replies: [] }],
    meta: meta(1, 1, 5),
  }));
  const subject = material({ id: 3, title: 'Sel', description: 'd', content: '<p>c</p>', class_id: 1 });
  renderAt(<StreamTab materials={[subject]} />, '/');
  const shownTopic = await screen.findByText(topic);
  const shownDescription = screen.getByText((_, el) => el?.textContent === description);
  expect(shownTopic).toHaveStyle({ whiteSpace: 'pre-wrap' });
  expect(shownDescription).toHaveStyle({ whiteSpace: 'pre-wrap' });
  expect(shownDescription.querySelector('b')).toBeNull();
});
