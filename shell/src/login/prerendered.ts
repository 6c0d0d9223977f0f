// The login form prerendered into index.html (shell/prerender-login.tsx) is usable before the app starts: the app
// must not lose what the visitor typed into it meanwhile, nor the focus, when React replaces it.

function prerenderedInput(name: 'username' | 'password'): HTMLInputElement | null {
  if (typeof document === 'undefined') return null; // rendering the prerender itself, at build time
  return document.querySelector<HTMLInputElement>(`.login-prerender input[name="${name}"]`);
}

/** What was typed into the prerendered field (read before React's first commit removes it), or ''. */
export function typedBeforeStart(name: 'username' | 'password'): string {
  return prerenderedInput(name)?.value ?? '';
}

/** The prerendered field that has the focus, if any. */
export function focusedBeforeStart(): 'username' | 'password' | null {
  for (const name of ['username', 'password'] as const) {
    const input = prerenderedInput(name);
    if (input && input === document.activeElement) return name;
  }
  return null;
}
