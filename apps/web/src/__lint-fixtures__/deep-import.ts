// Breaks the web's module rule on purpose (lint-rules.test.ts): reaches into another folder's file.
import { Modal } from '../ui/Modal';

export const usesModal = Modal;
