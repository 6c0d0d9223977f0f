import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'util';

// react-router 7 needs these under jsdom.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// The web packages' screens render slowly in jsdom on a shared 2-core machine: findBy* and each test get more time
// than the defaults (1 s and 5 s).
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);
