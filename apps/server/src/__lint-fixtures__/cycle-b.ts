// The other half of the import cycle (lint-rules.test.ts).
import { a } from './cycle-a.js';

export const b = () => a;
