/**
 * Counts how often a component rendered, from outside it, the way React DevTools' "highlight
 * updates" does: a minimal DevTools hook receives every commit and walks the committed fiber tree.
 * A fiber of the component rendered in a commit when React marked it PerformedWork and it is not
 * the same fiber object as in the previous commit (a subtree React skipped keeps its old fibers and
 * their old flags; a rendered or bailed-out one is the alternate, with its flags set anew).
 *
 * Import this module before anything imports react-dom: React looks for the hook when it loads.
 */

interface Fiber {
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
}

interface FiberRoot {
  current: Fiber;
}

/** React's PerformedWork fiber flag. */
const PERFORMED_WORK = 1;

type Counted = { component: unknown; renders: number; previous: Set<Fiber> };
const counted: Counted[] = [];
let commits = 0;

function walk(fiber: Fiber | null, visit: (f: Fiber) => void): void {
  // Iterative: a list of 200 cards is a deep sibling chain.
  const stack: Fiber[] = [];
  let node = fiber;
  while (node || stack.length) {
    if (!node) node = stack.pop() ?? null;
    if (!node) break;
    visit(node);
    if (node.sibling) stack.push(node.sibling);
    node = node.child;
  }
}

function onCommit(_rendererId: number, root: FiberRoot): void {
  commits += 1;
  if (counted.length === 0) return;
  const now = counted.map(() => new Set<Fiber>());
  walk(root.current, (fiber) => {
    counted.forEach((c, i) => {
      if (fiber.type !== c.component) return;
      now[i].add(fiber);
      if ((fiber.flags & PERFORMED_WORK) !== 0 && !c.previous.has(fiber)) c.renders += 1;
    });
  });
  counted.forEach((c, i) => {
    c.previous = now[i];
  });
}

const globalWithHook = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
if (globalWithHook.__REACT_DEVTOOLS_GLOBAL_HOOK__ === undefined) {
  globalWithHook.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: onCommit,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    checkDCE: () => undefined,
  };
}

/** The function React calls to render a component: the inner one of React.memo. */
function renderFunctionOf(component: unknown): unknown {
  const memo = component as { $$typeof?: symbol; type?: unknown };
  return memo && typeof memo === 'object' && memo.type ? renderFunctionOf(memo.type) : component;
}

/** Starts counting renders of the component; read `renders` on the returned object. */
export function countRenders(component: unknown): { readonly renders: number; reset(): void } {
  const entry: Counted = {
    component: renderFunctionOf(component),
    renders: 0,
    previous: new Set(),
  };
  counted.push(entry);
  return {
    get renders() {
      return entry.renders;
    },
    reset() {
      entry.renders = 0;
    },
  };
}

/** Commits React has made since this module loaded. */
export const commitCount = (): number => commits;
