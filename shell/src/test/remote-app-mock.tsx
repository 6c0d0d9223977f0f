// Stand-in for the federated admin/App, teacher/App and student/App in shell unit tests (root jest.config.ts maps them here).
import { useLocation } from 'react-router-dom';

export default function RemoteAppMock() {
  return <div data-testid="remote-app">remote app at {useLocation().pathname}</div>;
}
