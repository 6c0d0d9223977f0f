import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { mount } from './mount';

/** The shell's way to a remote, and nothing else: /remotes.json → the student's mf-manifest.json → its App. */
async function start() {
  const remotes = (await (await fetch('/remotes.json', { cache: 'no-cache' })).json()) as { student: string };
  registerRemotes([{ name: 'student', entry: new URL(remotes.student, location.href).href }]);
  const app = await loadRemote<{ default: ComponentType }>('student/App');
  mount(app!.default);
}

void start();
