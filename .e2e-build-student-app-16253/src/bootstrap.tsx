import { mountDevHarness } from './dev';

mountDevHarness();
