import { modeOf, remoteConfig } from '../webpack/federation';

// Remote "teacher": exposes ./App (src/App.tsx). Production: dist/ (mf-manifest.json, remoteEntry.js, hashed chunks).
// Development (npm run dev): standalone harness on port 3102, see src/dev.tsx.
export default (_env: unknown, argv: { mode?: string }) => remoteConfig('teacher', __dirname, 3102, modeOf(argv));
