/**
 * The exam screen's code, loaded on demand. One import() for the route (App.tsx) and the preload on My Exams
 * (MyClassesExamPage), so both fetch the same chunk and the preload really spares the route a download.
 */
export const loadExamPage = () => import('../features/answering/components/ExamPage');
