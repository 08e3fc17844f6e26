/**
 * Generates docs/machines/<machine-id>.md for every machine in MACHINE_DOCS: a Mermaid
 * stateDiagram-v2 and the transition table walked from the machine object itself, plus any tables
 * the entry adds (the task lifecycle adds its controls per role and state).
 *
 *   npx tsx scripts/machines-docs.ts          write the files
 *   npx tsx scripts/machines-docs.ts --check  exit 1 when a committed file differs from the machine
 *
 * To document another machine, add one entry to MACHINE_DOCS.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import {
  TASK_CONTROLS,
  TASK_LIFECYCLE_STATES,
  allowedControls,
  createTaskLifecycle,
  taskLifecycleMachine,
  type TaskControl,
  type TaskLifecycleState,
} from '../src/shared/taskLifecycle.machine';
import { VIEWER_ROLES, type TaskLifecycleInput } from '../src/shared/taskLifecycle';
import { completionWizardMachine } from '../src/web/features/completion/completionWizard.machine';

export interface DocTable {
  heading: string;
  intro: string;
  columns: string[];
  rows: string[][];
}

export interface MachineDoc {
  machine: AnyStateMachine;
  /** Where the machine lives, for the "generated from" line. */
  source: string;
  title: string;
  /** Extra tables computed by running the machine (for example controls per role). */
  tables?: () => DocTable[];
}

const ROOT = join(__dirname, '..');

// ---------------------------------------------------------------------------------------------
// Reading the machine object

/** A guard as written in the machine config, rendered as text: `isOwner and not isExpired`. */
export function describeGuard(guard: unknown): string {
  if (guard === undefined || guard === null) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const inner: unknown = (guard as { guards?: unknown }).guards;
    const parts = Array.isArray(inner) ? inner.map(describeNested) : [];
    if (guard.name === 'and' || guard.name === 'or') return parts.join(` ${guard.name} `);
    if (guard.name === 'not') return `not ${parts.join('')}`;
    const stateValue: unknown = (guard as { stateValue?: unknown }).stateValue;
    if (guard.name === 'stateIn') return `in(${JSON.stringify(stateValue)})`;
    return guard.name || 'inline';
  }
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') {
    return withParams(guard.type, 'params' in guard ? guard.params : undefined);
  }
  return 'inline';
}

function describeNested(guard: unknown): string {
  const text = describeGuard(guard);
  const compound = typeof guard === 'function' && (guard.name === 'and' || guard.name === 'or');
  return compound ? `(${text})` : text;
}

function withParams(name: string, params: unknown): string {
  if (params === undefined || params === null) return name;
  if (typeof params === 'function') return `${name}(dynamic)`;
  const values = typeof params === 'object' ? Object.values(params) : [params];
  return `${name}(${values.map((value) => String(value)).join(', ')})`;
}

export function describeActions(actions: readonly unknown[]): string {
  return actions
    .map((action) => {
      if (typeof action === 'string') return action;
      if (typeof action === 'function') return action.name || 'inline';
      if (typeof action === 'object' && action !== null && 'type' in action) {
        return withParams(String(action.type), 'params' in action ? action.params : undefined);
      }
      return 'inline';
    })
    .join(', ');
}

function childNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states);
}

function mermaidId(node: AnyStateNode): string {
  return node.path.join('__');
}

function stateName(node: AnyStateNode): string {
  return node.path.length === 0 ? '(any state)' : node.path.join('.');
}

interface TransitionRow {
  source: AnyStateNode;
  event: string;
  targets: readonly AnyStateNode[];
  guard: string;
  actions: string;
}

/** Every transition of the machine, depth first, in config order; eventless ones as `always`. */
export function machineTransitions(machine: AnyStateMachine): TransitionRow[] {
  const rows: TransitionRow[] = [];
  const visit = (node: AnyStateNode): void => {
    const own: ReadonlyArray<readonly [string, readonly AnyTransitionDefinition[]]> = [
      ['always', node.always ?? []],
      ...node.transitions,
    ];
    for (const [event, definitions] of own) {
      for (const definition of definitions) {
        rows.push({
          source: node,
          event,
          targets: definition.target ?? [],
          guard: describeGuard(definition.guard),
          actions: describeActions(definition.actions),
        });
      }
    }
    childNodes(node).forEach(visit);
  };
  visit(machine.root);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Rendering

/** stateDiagram-v2 of the states and of the transitions that have a target. */
export function mermaidDiagram(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const declare = (node: AnyStateNode, indent: string): void => {
    const id = mermaidId(node);
    const children = childNodes(node);
    const label = node.path.length > 1 ? `state "${node.key}" as ${id}` : '';
    if (children.length === 0) {
      if (label) lines.push(`${indent}${label}`);
      return;
    }
    lines.push(`${indent}state ${id} {`);
    declareChildren(node, `${indent}  `);
    lines.push(`${indent}}`);
  };
  const declareChildren = (node: AnyStateNode, indent: string): void => {
    const initial = node.initial?.target[0];
    if (node.type !== 'parallel' && initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
    childNodes(node).forEach((child) => declare(child, indent));
    childNodes(node)
      .filter((child) => child.type === 'final')
      .forEach((child) => lines.push(`${indent}${mermaidId(child)} --> [*]`));
  };
  declareChildren(machine.root, '  ');
  for (const row of machineTransitions(machine)) {
    // Targetless transitions (controls) and transitions of the root (valid in every state) are
    // listed in the transition table; drawing them would put a loop on every state.
    if (row.source.path.length === 0) continue;
    for (const target of row.targets) {
      const label = row.guard ? `${row.event} [${row.guard}]` : row.event;
      lines.push(`  ${mermaidId(row.source)} --> ${mermaidId(target)} : ${label}`);
    }
  }
  return lines.join('\n');
}

function cell(text: string): string {
  return (text === '' ? '-' : text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** A Markdown table with padded columns, so the raw file reads well too. */
export function markdownTable(columns: string[], rows: string[][]): string {
  const all = [columns, ...rows].map((row) => row.map(cell));
  const widths = columns.map((_, index) => Math.max(3, ...all.map((row) => row[index].length)));
  const line = (row: string[]): string =>
    `| ${row.map((text, index) => text.padEnd(widths[index])).join(' | ')} |`;
  const [head, ...body] = all;
  return [
    line(head),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...body.map(line),
  ].join('\n');
}

export function docFileName(machine: AnyStateMachine): string {
  const kebab = machine.id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  return join('docs', 'machines', `${kebab}.md`);
}

export function renderMachineDoc(entry: MachineDoc): string {
  const { machine } = entry;
  const states: AnyStateNode[] = [];
  const collect = (node: AnyStateNode): void => {
    childNodes(node).forEach((child) => {
      states.push(child);
      collect(child);
    });
  };
  collect(machine.root);

  const parts = [
    `# ${entry.title} (\`${machine.id}\`)`,
    `<!-- Generated from ${entry.source} by \`npx tsx scripts/machines-docs.ts\`. Do not edit by hand. -->`,
  ];
  if (machine.root.description) parts.push(machine.root.description);
  parts.push('## Diagram', ['```mermaid', mermaidDiagram(machine), '```'].join('\n'));
  parts.push(
    '## States',
    markdownTable(
      ['State', 'Tags', 'Description'],
      states.map((node) => [stateName(node), [...node.tags].join(', '), node.description ?? '']),
    ),
  );
  parts.push(
    '## Transitions',
    'Every transition of the machine; targetless ones keep the state (the controls the UI asks `can()` about).',
    markdownTable(
      ['From', 'Event', 'To', 'Guard', 'Actions'],
      machineTransitions(machine).map((row) => [
        stateName(row.source),
        row.event,
        row.targets.length === 0 ? '(stays)' : row.targets.map(stateName).join(', '),
        row.guard,
        row.actions,
      ]),
    ),
  );
  for (const table of entry.tables?.() ?? []) {
    parts.push(`## ${table.heading}`, table.intro, markdownTable(table.columns, table.rows));
  }
  return `${parts.join('\n\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// The task lifecycle's controls, computed by running allowedControls for every role and state

const STATUS_FOR_STATE: Record<TaskLifecycleState, string> = {
  open: 'open',
  in_progress: 'in_progress',
  completed: 'completed',
  incomplete: 'incomplete',
  unknown: 'archived',
};

type Flag = 'expired' | 'hasOffers' | 'awaitingAction';
const FLAGS: ReadonlyArray<{ key: Flag; yes: string; no: string }> = [
  { key: 'expired', yes: 'expired', no: 'not expired' },
  { key: 'hasOffers', yes: 'has offers', no: 'no offers' },
  { key: 'awaitingAction', yes: 'awaiting action', no: 'not awaiting action' },
];

/** Names the flag values under which a control is available: `if not expired`. */
function condition(allowedIn: ReadonlyArray<Record<Flag, boolean>>, total: number): string {
  if (allowedIn.length === total) return '';
  const describe = (key: Flag, value: boolean): string => {
    const flag = FLAGS.find((entry) => entry.key === key);
    return flag ? (value ? flag.yes : flag.no) : key;
  };
  // Each flag fixed to one value across all allowed combinations is a condition; with n fixed
  // flags a complete description covers exactly total / 2^n combinations.
  const fixed = FLAGS.filter(({ key }) =>
    allowedIn.every((combo) => combo[key] === allowedIn[0][key]),
  );
  if (allowedIn.length * 2 ** fixed.length === total) {
    return ` (if ${fixed.map(({ key }) => describe(key, allowedIn[0][key])).join(' and ')})`;
  }
  return ' (in some cases)';
}

export function taskLifecycleControlsTable(): DocTable {
  const combos: Array<Record<Flag, boolean>> = [];
  for (const expired of [false, true]) {
    for (const hasOffers of [false, true]) {
      for (const awaitingAction of [false, true])
        combos.push({ expired, hasOffers, awaitingAction });
    }
  }
  const rows = TASK_LIFECYCLE_STATES.flatMap((state) =>
    VIEWER_ROLES.map((role) => {
      const allowed = new Map<TaskControl, Array<Record<Flag, boolean>>>();
      for (const combo of combos) {
        const input: TaskLifecycleInput = { status: STATUS_FOR_STATE[state], role, ...combo };
        for (const control of allowedControls(createTaskLifecycle(input))) {
          allowed.set(control, [...(allowed.get(control) ?? []), combo]);
        }
      }
      const controls = TASK_CONTROLS.filter((control) => allowed.has(control)).map(
        (control) => `${control}${condition(allowed.get(control) ?? [], combos.length)}`,
      );
      return [state, role, controls.join(', ')];
    }),
  );
  return {
    heading: 'Controls by state and role',
    intro:
      'What `allowedControls(createTaskLifecycle(input))` returns, for every state and viewer role over every combination of expired, has offers and awaiting action; a condition in parentheses names the combinations a control needs. SPEC section 6 in machine form.',
    columns: ['State', 'Role', 'Controls'],
    rows,
  };
}

// ---------------------------------------------------------------------------------------------
// The registry: one line per documented machine

export const MACHINE_DOCS: MachineDoc[] = [
  {
    machine: taskLifecycleMachine,
    source: 'src/shared/taskLifecycle.machine.ts',
    title: 'Task lifecycle',
    tables: () => [taskLifecycleControlsTable()],
  },
  {
    machine: completionWizardMachine,
    source: 'src/web/features/completion/completionWizard.machine.ts',
    title: 'Completion wizard',
  },
];

// ---------------------------------------------------------------------------------------------
// CLI

function main(argv: readonly string[]): number {
  const check = argv.includes('--check');
  let stale = 0;
  for (const entry of MACHINE_DOCS) {
    const file = join(ROOT, docFileName(entry.machine));
    const expected = renderMachineDoc(entry);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
    const name = relative(ROOT, file);
    if (current === expected) {
      console.log(`up to date: ${name}`);
    } else if (check) {
      stale += 1;
      console.error(`out of date: ${name} (run npx tsx scripts/machines-docs.ts)`);
    } else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, expected);
      console.log(`wrote: ${name}`);
    }
  }
  return stale > 0 ? 1 : 0;
}

if (/machines-docs\.[cm]?[jt]s$/.test(process.argv[1] ?? '')) {
  process.exitCode = main(process.argv.slice(2));
}
