import type { Workbook, WorkbookAnswer, WorkbookQuestion } from "@serene/contracts";
import { askedQuestions, selectedGroups, workbookProgress } from "@serene/domain";
import { useCallback, useEffect, useMemo, useState } from "react";
import { missingAnswer, rangeStart, type Answers } from "../model/answers";
import { clearProgress, EMPTY_PROGRESS, readProgress, writeProgress, type WorkbookProgress } from "../model/progress";

export interface WorkbookFlow {
  /** The questions asked, recomputed as the member's groups change (spec 001 section 4). */
  questions: WorkbookQuestion[];
  /** The groups chosen so far, or null before the group question is answered. */
  groups: string[] | null;
  index: number;
  question: WorkbookQuestion;
  answers: Answers;
  /** (index + 1) / number of questions, from 0 to 1. */
  progress: number;
  isFirst: boolean;
  isLast: boolean;
  /** Why Next did not go on (a required answer is missing), for the current question. */
  problem: string | null;
  setAnswer: (id: string, value: WorkbookAnswer) => void;
  /**
   * Checks the current question and moves on: the answers as they now stand, or null (and `problem` set)
   * when the question still needs an answer. On the last question it stays, so the entry can be sent.
   */
  next: () => Answers | null;
  back: () => void;
  /** Opens a question by id (the server found a problem in it). */
  goTo: (id: string) => void;
  /** Clears index, questions, groups and answers. */
  reset: () => void;
  /** The saved entry no longer needs the kept progress. */
  forget: () => void;
}

/**
 * One question at a time through a workbook, with the answers kept on this device per member and workbook
 * until the entry is saved, so a reload resumes where the member was.
 */
export function useWorkbookFlow(workbook: Workbook, memberId: string): WorkbookFlow {
  const workbookId = String(workbook.id);
  const [state, setState] = useState<WorkbookProgress>(() => readProgress(memberId, workbookId));
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    writeProgress(memberId, workbookId, state);
  }, [memberId, workbookId, state]);

  const questions = useMemo(() => askedQuestions(workbook, state.answers), [workbook, state.answers]);
  const groups = useMemo(() => selectedGroups(workbook, state.answers), [workbook, state.answers]);
  const index = Math.min(state.index, Math.max(0, questions.length - 1));
  const question = questions[index] as WorkbookQuestion;

  const setAnswer = useCallback((id: string, value: WorkbookAnswer) => {
    setProblem(null);
    setState((current) => ({ ...current, answers: { ...current.answers, [id]: value } }));
  }, []);

  const next = (): Answers | null => {
    let answers = state.answers;
    // A slider that was not moved keeps the value it shows.
    if (question.kind === "range" && typeof answers[question.id] !== "number") {
      answers = { ...answers, [question.id]: rangeStart(question) };
    }
    const missing = missingAnswer(question, answers[question.id]);
    if (missing) {
      setProblem(missing);
      return null;
    }
    setProblem(null);
    setState({ answers, index: index < questions.length - 1 ? index + 1 : index });
    return answers;
  };

  const back = () => {
    setProblem(null);
    setState((current) => ({ ...current, index: Math.max(0, index - 1) }));
  };

  const goTo = (id: string) => {
    const target = questions.findIndex((item) => item.id === id);
    if (target >= 0) setState((current) => ({ ...current, index: target }));
  };

  const reset = () => {
    setProblem(null);
    setState(EMPTY_PROGRESS);
  };

  const forget = () => clearProgress(memberId, workbookId);

  return {
    questions,
    groups,
    index,
    question,
    answers: state.answers,
    progress: workbookProgress(index, questions.length),
    isFirst: index === 0,
    isLast: index === questions.length - 1,
    problem,
    setAnswer,
    next,
    back,
    goTo,
    reset,
    forget,
  };
}
