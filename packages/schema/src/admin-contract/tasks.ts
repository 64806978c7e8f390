// The console's contract for tasks and assignment rules (issue 40).
import * as v from 'valibot';
import { LEAD_KIND_NAMES, type LeadKindName, TASK_TYPES, type TaskType } from '../console.ts';
import { LANGS, type Lang } from '../lang.ts';
import { isCleanLine, isCleanText } from '../validate.ts';
import type { AdminBody } from './check.ts';
import {
  type ApiTime,
  CHARACTERS_TEXT,
  FOLLOW_UP_NOTE_LENGTH,
  type KeysetPage,
  LEAD_ID,
  assignee,
  body,
  timeWithOffset,
} from './common.ts';

const TASK_TYPE_TEXT = `type must be one of ${TASK_TYPES.join(', ')}.`;
const TASK_DUE_TEXT = 'due must be a date and time with its offset, such as 2026-12-01T09:00:00-05:00.';
const TASK_NOTE_TEXT = `note must be text of at most ${FOLLOW_UP_NOTE_LENGTH} characters.`;
/** The most assignment rules, and the most values one criterion or operator list of a rule has. */
export const MAX_ASSIGNMENT_RULES = 50;
const MAX_RULE_VALUES = 20;
const RULES_LIST_TEXT = `Send {rules: […]}, at most ${MAX_ASSIGNMENT_RULES}.`;
const RULE_NAME_TEXT = "A rule's name has 1 to 80 characters.";
const RULE_LIST_TEXT = `Countries, partner codes and sources are lists of at most ${MAX_RULE_VALUES} texts of at most 100 characters.`;
const RULE_OPERATORS_TEXT = `A rule gives leads to 1 to ${MAX_RULE_VALUES} operators (their ids).`;
/** A criterion's values: trimmed, lower-cased (matched without regard to case), each once, empty ones dropped. */
const ruleValues = v.pipe(
  v.array(v.pipe(v.string(RULE_LIST_TEXT), v.maxLength(100, RULE_LIST_TEXT), v.check(isCleanLine, RULE_LIST_TEXT)), RULE_LIST_TEXT),
  v.transform((list) => [...new Set(list.map((value) => value.trim().toLowerCase()).filter(Boolean))]),
  v.maxLength(MAX_RULE_VALUES, RULE_LIST_TEXT),
);
/** One assignment rule; an empty criterion matches any lead. `id` keeps a rule's place in its turn. */
const assignmentRule = v.object(
  {
    id: v.optional(v.pipe(v.string(RULES_LIST_TEXT), v.regex(LEAD_ID, RULES_LIST_TEXT))),
    name: v.pipe(
      v.string(RULE_NAME_TEXT),
      v.transform((name) => name.replace(/\s+/g, ' ').trim()),
      v.minLength(1, RULE_NAME_TEXT),
      v.maxLength(80, RULE_NAME_TEXT),
      v.check(isCleanLine, CHARACTERS_TEXT),
    ),
    kinds: v.optional(v.array(v.picklist(LEAD_KIND_NAMES, `kinds must be among ${LEAD_KIND_NAMES.join(', ')}.`)), []),
    langs: v.optional(v.array(v.picklist(LANGS, `langs must be among ${LANGS.join(', ')}.`)), []),
    countries: v.optional(ruleValues, []),
    partners: v.optional(ruleValues, []),
    sources: v.optional(ruleValues, []),
    operators: v.pipe(
      v.array(v.pipe(v.string(RULE_OPERATORS_TEXT), v.regex(LEAD_ID, RULE_OPERATORS_TEXT)), RULE_OPERATORS_TEXT),
      v.transform((list) => [...new Set(list)]),
      v.minLength(1, RULE_OPERATORS_TEXT),
      v.maxLength(MAX_RULE_VALUES, RULE_OPERATORS_TEXT),
    ),
  },
  RULE_NAME_TEXT,
);

/** A task on a lead (issue 40). */
export interface LeadTask {
  id: string;
  type: TaskType;
  due_at: ApiTime;
  assignee: string | null;
  assignee_email: string | null;
  note: string;
  done_at: ApiTime | null;
}

/** An open task of the operator's, with its lead. */
export interface MyTask extends Omit<LeadTask, 'assignee' | 'assignee_email' | 'done_at'> {
  lead_id: string;
  lead_name: string;
  lead_kind: LeadKindName;
}

/** An assignment rule as the API gives it: each criterion a list, empty for any. */
export interface AssignmentRule {
  id: string;
  name: string;
  kinds: LeadKindName[];
  langs: Lang[];
  countries: string[];
  partners: string[];
  sources: string[];
  /** One: every lead to them; several: in turn. */
  operators: string[];
}

/** The answer of each route of tasks, by 'METHOD path' (AdminResponses). */
export interface TaskRoutes {
  /** A lead's tasks: open ones by time, then those done. */
  'GET leads/:id/tasks': { tasks: LeadTask[] };
  /** 201. */
  'POST leads/:id/tasks': { task: LeadTask };
  'PATCH tasks/:id': undefined;
  /** The operator's open tasks by time (the overdue first), `?after=` a page's cursor, 50 a page. */
  'GET tasks': KeysetPage<MyTask>;
  /** Leads a rule gave the operator that they have not opened yet (the navigation badge). */
  'GET assignments': { unseen: number };
  /** Every operator reads the rules; admins change them. */
  'GET assignment-rules': { rules: AssignmentRule[]; operators: { id: string; email: string }[] };
  'PUT assignment-rules': undefined;
}

/** The body of each route of tasks that reads one (ADMIN_BODIES). */
export const TASK_BODIES = {
  // Tasks and assignment rules (issue 40).
  'POST leads/:id/tasks': body(
    v.object(
      {
        type: v.picklist(TASK_TYPES, TASK_TYPE_TEXT),
        due: timeWithOffset(TASK_DUE_TEXT),
        note: v.optional(
          v.pipe(
            v.string(TASK_NOTE_TEXT),
            v.maxLength(FOLLOW_UP_NOTE_LENGTH, TASK_NOTE_TEXT),
            v.trim(),
            v.check(isCleanText, CHARACTERS_TEXT),
          ),
          '',
        ),
        /** Absent: the lead's assignee, else the operator who adds it. */
        assignee: v.optional(assignee),
      },
      TASK_TYPE_TEXT,
    ),
    { type: 'task-type', due: 'task-due', note: 'task-note', 'note.check': 'characters', assignee: 'assignee' },
  ),
  'PATCH tasks/:id': body(v.object({ done: v.boolean('done must be true or false.') }, 'Send {done}.'), { done: 'done' }),
  'PUT assignment-rules': body(
    v.object(
      { rules: v.pipe(v.array(assignmentRule, RULES_LIST_TEXT), v.maxLength(MAX_ASSIGNMENT_RULES, RULES_LIST_TEXT)) },
      RULES_LIST_TEXT,
    ),
    {
      rules: 'rules',
      'rules.name': 'rule-name',
      'rules.name.check': 'characters',
      'rules.kinds': 'rule-kinds',
      'rules.langs': 'rule-langs',
      'rules.countries': 'rule-list',
      'rules.partners': 'rule-list',
      'rules.sources': 'rule-list',
      'rules.operators': 'rule-operators',
      'rules.id': 'rules',
    },
  ),
} satisfies { [K in keyof TaskRoutes]?: AdminBody };
