// The shared 2-core machine can be slow; user-event interactions on MUI need headroom.
jest.setTimeout(30000);

import { startsOnLogin } from './Root';

describe('first screen choice', () => {
  const user = { user_id: 1, email: '', role: 'admin', display_name: 'Admin', exp: 4102444800 };
  it('shows the login page to signed-out visitors on / and on role paths only', () => {
    expect(startsOnLogin('/', null)).toBe(true);
    expect(startsOnLogin('/MyDetailClasses/3', null)).toBe(true);
    expect(startsOnLogin('/test', null)).toBe(false);
    expect(startsOnLogin('/nowhere', null)).toBe(false);
    expect(startsOnLogin('/', user)).toBe(false);
  });
});
