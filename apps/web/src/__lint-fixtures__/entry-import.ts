// Keeps the web's module rule (lint-rules.test.ts): another folder through its entry; styles by file.
import { Modal } from '../ui';
import '../plan/plan.css';

export const usesModal = Modal;
export const lazyPage = () => import('../planner/PlanPage');
