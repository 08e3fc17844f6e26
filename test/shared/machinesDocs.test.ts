import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, createMachine, not, or, stateIn } from 'xstate';
import {
  MACHINE_DOCS,
  describeGuard,
  docFileName,
  machineTransitions,
  mermaidDiagram,
  renderMachineDoc,
} from '../../scripts/machines-docs';
import { taskLifecycleMachine } from '../../src/shared/taskLifecycle.machine';

const ROOT = join(__dirname, '..', '..');

describe('committed machine docs', () => {
  test.each(MACHINE_DOCS.map((entry) => [docFileName(entry.machine), entry] as const))(
    '%s matches its machine (run `npx tsx scripts/machines-docs.ts` after changing one)',
    (file, entry) => {
      expect(readFileSync(join(ROOT, file), 'utf8')).toBe(renderMachineDoc(entry));
    },
  );

  test('the task lifecycle is registered as docs/machines/task-lifecycle.md', () => {
    expect(MACHINE_DOCS.map((entry) => docFileName(entry.machine))).toContain(
      join('docs', 'machines', 'task-lifecycle.md'),
    );
  });
});

describe('the diagram is read from the machine object', () => {
  test('every targeted transition of the lifecycle is drawn with its guard', () => {
    const diagram = mermaidDiagram(taskLifecycleMachine);
    expect(diagram).toContain('open --> in_progress : OFFER_CHOSEN [isOwner and hasOffers]');
    expect(diagram).toContain(
      'in_progress --> completed : LOCKED [isParticipant and isAwaitingAction and outcomeIs(completed)]',
    );
    const targeted = machineTransitions(taskLifecycleMachine).filter(
      (row) => row.targets.length > 0,
    );
    expect(diagram.split('\n').filter((line) => line.includes(' : '))).toHaveLength(
      targeted.length,
    );
  });

  test('a changed machine gives a different document', () => {
    const machine = createMachine({
      id: 'tinyWizard',
      initial: 'step',
      states: {
        step: { on: { NEXT: { target: 'done', guard: 'isValid' } } },
        done: { type: 'final' },
      },
    });
    const doc = renderMachineDoc({ machine, source: 'test', title: 'Tiny' });
    expect(docFileName(machine)).toBe(join('docs', 'machines', 'tiny-wizard.md'));
    expect(doc).toContain('step --> done : NEXT [isValid]');
    expect(doc).toContain('done --> [*]');
  });

  test.each([
    ['a name', 'isOwner', 'isOwner'],
    ['params', { type: 'statusIs', params: { state: 'open' } }, 'statusIs(open)'],
    ['and / not', and(['isOwner', not('hasOffers')]), 'isOwner and not hasOffers'],
    ['nested or', and(['a', or(['b', 'c'])]), 'a and (b or c)'],
    ['stateIn', stateIn('open'), 'in("open")'],
    ['none', undefined, ''],
  ])('describeGuard renders %s', (_, guard, text) => {
    expect(describeGuard(guard)).toBe(text);
  });
});
