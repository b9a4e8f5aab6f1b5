// Half of an import cycle, on purpose (lint-rules.test.ts).
import { b } from './cycle-b.js';

export const a = () => b;
