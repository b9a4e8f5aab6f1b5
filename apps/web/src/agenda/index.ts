// The agenda folder's entry: what other folders may use. Files inside import each other directly;
// other folders import only from here (eslint.config.mjs, docs/WEB-MODULES.md).

export { AgendaPanel } from './AgendaPanel';
export { agendaDocuments, paintAgenda, showsAgendaList } from './first-paint';
