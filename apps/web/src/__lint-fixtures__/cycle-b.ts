// The other half of the import cycle (lint-rules.test.ts).
import { a } from './cycle-a';

export const b = () => a;
