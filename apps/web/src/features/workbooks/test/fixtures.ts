import type { Workbook, WorkbookCard, WorkbookEntry, WorkbookQuestion } from "@serene/contracts";

/** A card as GET /workbooks answers it: free, open, not completed, unless `extra` says otherwise. */
export const workbookCard = (id: number, name: string, extra: Partial<WorkbookCard> = {}): WorkbookCard => ({
  id,
  name,
  aliases: [],
  description: `${name}: a short guided exercise.`,
  technique: "From cognitive behavioural therapy.",
  minutes: 10,
  free: true,
  available: true,
  locked_reason: null,
  completed: false,
  latest_entry_id: null,
  ...extra,
});

const question = (
  id: string,
  group: string,
  kind: WorkbookQuestion["kind"],
  text: string,
  answer: Partial<WorkbookQuestion["answer"]> = {},
) =>
  ({
    id,
    group,
    kind,
    text,
    hint: null,
    answer: { multiple_answer: false, required: true, options: null, range: null, max_length: null, ...answer },
  }) satisfies WorkbookQuestion;

/**
 * A workbook with every field kind: an instruction, a group question (multi select) whose answers choose the
 * groups, then questions of the groups Sleep and Work.
 */
export const WORKBOOK: Workbook = {
  ...workbookCard(6, "Thought Record", { minutes: 15 }),
  group_question: 1,
  questions: [
    question("0000", "General", "instruction", "Find a quiet moment. There are no wrong answers."),
    question("q1", "General", "multi_select", "What would you like to look at today?", {
      multiple_answer: true,
      options: [
        { value: "Sleep", label: "Sleep" },
        { value: "Work", label: "Work" },
      ],
    }),
    question("q2", "sleep", "select", "How did you sleep last night?", {
      options: [
        { value: "well", label: "Well" },
        { value: "poorly", label: "Poorly" },
      ],
    }),
    question("q3", "work", "multi_text", "Name the thoughts that came up at work.", { multiple_answer: true, max_length: 200 }),
    question("q4", "work", "text", "What would you say to a friend who had them?", { max_length: 500 }),
    question("q5", "Sleep", "range", "How rested do you feel now?", {
      required: false,
      range: { min: 0, max: 10, min_label: "Not at all", max_label: "Fully rested" },
    }),
  ],
};

export const ENTRY: WorkbookEntry = {
  id: "e-1",
  workbook_id: 6,
  workbook_name: "Thought Record",
  created_at: "2026-11-20T10:00:00Z",
  answers: [
    {
      question_id: "q1",
      question: "What would you like to look at today?",
      group: "General",
      kind: "multi_select",
      value: ["Work"],
      display: "Work",
    },
    {
      question_id: "q3",
      question: "Name the thoughts that came up at work.",
      group: "work",
      kind: "multi_text",
      value: ["I am behind", "They noticed"],
      display: "I am behind; They noticed",
    },
    {
      question_id: "q4",
      question: "What would you say to a friend who had them?",
      group: "work",
      kind: "text",
      value: "Go gently.",
      display: "Go gently.",
    },
  ],
};
