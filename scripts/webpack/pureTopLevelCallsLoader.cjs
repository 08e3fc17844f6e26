// Webpack loader for react-router's production build (issue 15). Its module-level
// `var Form = React10.forwardRef(...)` and `Form.displayName = "Form"` statements are, to webpack
// and terser, side effects: every component declared that way (Form, NavLink, HistoryRouter) and
// everything it reaches (useSubmit, useFormAction, the form submission helpers) stayed in the
// vendor chunk although the SPA never imports them. This loader
// - marks a declaration's `React.createContext(...)`, `React.forwardRef(...)`, `React.memo(...)` or
//   `Symbol(...)` initializer `/* @__PURE__ */`, as those calls are;
// - drops the module-level `Name.displayName = "...";` statements, which only name a component or
//   a context in React DevTools (the functions keep their names).
// Only statements at the start of a line are touched (module level in that build), never a
// statement inside a function.
const DECLARED_CALL =
  /^((?:export )?(?:var|let|const) [\w$]+ = )((?:React\d*\.(?:createContext|forwardRef|memo)|Symbol)\()/gm;
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

module.exports = function pureTopLevelCallsLoader(source) {
  return source.replace(DECLARED_CALL, '$1/* @__PURE__ */ $2').replace(DISPLAY_NAME, '');
};
