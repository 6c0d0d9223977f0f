import { modeOf, remoteConfig } from '../webpack/federation';

// Remote "admin": exposes ./App (src/App.tsx). Production: dist/ (mf-manifest.json, remoteEntry.js, hashed chunks).
// Development (npm run dev): standalone harness on port 3101, see src/dev.tsx.
export default (_env: unknown, argv: { mode?: string }) => remoteConfig('admin', __dirname, 3101, modeOf(argv));
