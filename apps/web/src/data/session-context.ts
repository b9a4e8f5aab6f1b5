import { createContext } from 'react';
import type { DataSession } from './session';

/** The running data session, for hooks that need more than the store (logger, HTTP handling). */
export const DataSessionContext = createContext<DataSession | null>(null);
