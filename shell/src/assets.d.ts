// Image imports resolve to their (content-hashed) URL.
declare module '*.svg' {
  const url: string;
  export default url;
}

// Federated remotes (only tests import these by name; the app loads them with loadRemote).
declare module 'admin/App' {
  const App: import('react').ComponentType;
  export default App;
}
declare module 'teacher/App' {
  const App: import('react').ComponentType;
  export default App;
}
declare module 'student/App' {
  const App: import('react').ComponentType;
  export default App;
}
