import { modeOf, remoteConfig } from '../webpack/federation';

// Remote "student": exposes ./App (src/App.tsx). Production: dist/ (mf-manifest.json, remoteEntry.js, hashed chunks).
// Development (npm run dev): standalone harness on port 3103, see src/dev.tsx.
export default (_env: unknown, argv: { mode?: string }) => remoteConfig('student', __dirname, 3103, modeOf(argv));
